// A plant's devices (device/list, device/get) and the changes to them, and the gateway password
// rotation. Every change refreshes the plant's device list.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiPost, type ApiError, type Device, type DeviceCreateRequest, type DeviceFields, type GatewayLogin } from '@helio/shared-utils';

export const devicesKey = (plantId: string) => ['device/list', plantId] as const;
export const deviceKey = (id: string) => ['device/get', id] as const;

export function useDevices(plantId: string) {
  return useQuery<Device[], ApiError>({
    queryKey: devicesKey(plantId),
    queryFn: ({ signal }) => apiPost('device/list', { plantId }, { signal }),
  });
}

export function useDevice(id: string) {
  return useQuery<Device, ApiError>({
    queryKey: deviceKey(id),
    queryFn: ({ signal }) => apiPost('device/get', { id }, { signal }),
  });
}

export function useCreateDevice() {
  const queryClient = useQueryClient();
  return useMutation<Device, ApiError, DeviceCreateRequest>({
    mutationFn: (request) => apiPost('device/create', request),
    onSuccess: (device) => queryClient.invalidateQueries({ queryKey: devicesKey(device.plantId) }),
  });
}

export function useUpdateDevice() {
  const queryClient = useQueryClient();
  return useMutation<Device, ApiError, { id: string; payload: Partial<DeviceFields> }>({
    mutationFn: (request) => apiPost('device/update', request),
    onSuccess: async (device) => {
      queryClient.setQueryData(deviceKey(device.id), device);
      await queryClient.invalidateQueries({ queryKey: devicesKey(device.plantId) });
    },
  });
}

export function useDeleteDevice() {
  const queryClient = useQueryClient();
  return useMutation<{ ok: boolean }, ApiError, Device>({
    mutationFn: (device) => apiPost('device/delete', { id: device.id }),
    onSuccess: async (_answer, device) => {
      queryClient.removeQueries({ queryKey: deviceKey(device.id) });
      await queryClient.invalidateQueries({ queryKey: devicesKey(device.plantId) });
    },
  });
}

/** The new password is answered once; it is kept only in the dialog that shows it, never in the cache. */
export function useRotateGatewayPassword() {
  return useMutation<GatewayLogin, ApiError, { id: string }>({
    mutationFn: (request) => apiPost('plant/gateway/credentials/rotate', request),
  });
}
