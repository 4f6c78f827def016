// The active plant's devices of one kind (device/list), shared in the cache with management-app's list.
import { useQuery } from '@tanstack/react-query';
import { apiPost, type ApiError, type Device, type DeviceKind } from '@helio/shared-utils';

export function usePlantDevices(plantId: string, kind: DeviceKind) {
  return useQuery<Device[], ApiError>({
    queryKey: ['device/list', plantId, kind],
    queryFn: ({ signal }) => apiPost('device/list', { plantId, kind }, { signal }),
  });
}
