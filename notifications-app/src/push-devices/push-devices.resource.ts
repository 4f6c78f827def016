// The user's push devices (notifications/push/*): the list, and subscribing, renaming, removing and
// testing one. Each change refreshes the list.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { PushDevice } from '@helio/contracts';
import { apiPost, type ApiError } from '@helio/shared-utils';
import { subscribeThisBrowser } from './browser-push';

export const PUSH_DEVICES_KEY = ['notifications', 'push', 'devices'] as const;

export function usePushDevices() {
  return useQuery<{ devices: PushDevice[] }, ApiError>({
    queryKey: PUSH_DEVICES_KEY,
    queryFn: ({ signal }) => apiPost('notifications/push/list', {}, { signal }),
  });
}

function useDeviceChange<T>(change: (input: T) => Promise<unknown>) {
  const queryClient = useQueryClient();
  return useMutation<unknown, Error, T>({
    mutationFn: change,
    onSettled: () => queryClient.invalidateQueries({ queryKey: PUSH_DEVICES_KEY }),
  });
}

export const useSubscribeThisBrowser = () =>
  useDeviceChange(async (name: string) => {
    const { publicKey } = await apiPost('notifications/push/key', {});
    const subscription = await subscribeThisBrowser(publicKey);
    const keys = subscription.keys ?? {};
    return apiPost('notifications/push/subscribe', {
      name,
      subscription: { endpoint: subscription.endpoint ?? '', keys: { p256dh: keys.p256dh ?? '', auth: keys.auth ?? '' } },
    });
  });

export const useRenameDevice = () => useDeviceChange((input: { id: string; name: string }) => apiPost('notifications/push/rename', input));
export const useRemoveDevice = () => useDeviceChange((id: string) => apiPost('notifications/push/remove', { id }));
export const useTestDevice = () => useDeviceChange((id: string) => apiPost('notifications/push/test', { id }));
