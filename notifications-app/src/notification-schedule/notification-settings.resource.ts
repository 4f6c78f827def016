// The user's notification settings: fetched once and fresh for 60 minutes, saved
// optimistically. Saves run one after another; when the last one fails the screen rolls back to what
// the server last confirmed and a toast says so with a retry. Leaving the page mid-save asks first.
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiPost, showToast, type ApiError } from '@helio/shared-utils';
import type { NotificationSettings } from './schedule-rules';

export const SETTINGS_KEY = ['notifications', 'settings'] as const;
export const SETTINGS_STALE_MS = 60 * 60 * 1000;
const SAVE_KEY = ['notifications', 'settings', 'save'] as const;

export function useNotificationSettings() {
  return useQuery<NotificationSettings, ApiError>({
    queryKey: SETTINGS_KEY,
    queryFn: ({ signal }) => apiPost('notifications/settings/get', {}, { signal }),
    staleTime: SETTINGS_STALE_MS,
  });
}

export type SaveStatus = 'idle' | 'saving' | 'saved' | 'failed';

export function useSaveNotificationSettings(): { save: (settings: NotificationSettings) => void; status: SaveStatus } {
  const { t } = useTranslation('notifications-app');
  const queryClient = useQueryClient();
  const [status, setStatus] = useState<SaveStatus>('idle');
  const confirmed = useRef<NotificationSettings | undefined>(undefined);
  const othersPending = () => queryClient.isMutating({ mutationKey: SAVE_KEY }) > 1;

  const mutation = useMutation<NotificationSettings, ApiError, NotificationSettings>({
    mutationKey: SAVE_KEY,
    scope: { id: 'notification-settings' },
    mutationFn: (settings) => apiPost('notifications/settings/save', settings),
    onSuccess: (saved) => {
      confirmed.current = saved;
      if (othersPending()) return; // a later save carries this change too and will answer last
      queryClient.setQueryData(SETTINGS_KEY, saved);
      setStatus('saved');
    },
    onError: (_error, settings) => {
      if (othersPending()) return; // the later save still carries this change
      if (confirmed.current) queryClient.setQueryData(SETTINGS_KEY, confirmed.current);
      setStatus('failed');
      showToast({
        intent: 'danger',
        icon: 'error',
        message: t('schedule.saveFailed'),
        action: { text: t('schedule.retry'), onClick: () => mutation.mutate(settings) },
        timeout: 0,
      });
    },
  });

  const pending = mutation.isPending;
  useEffect(() => {
    if (!pending) return;
    const warn = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [pending]);

  const { mutate } = mutation;
  // The screen shows a change at once, even while an earlier save is still on its way: saves in
  // one scope wait for each other, and an optimistic update made in onMutate would wait with them.
  const save = useCallback(
    (settings: NotificationSettings) => {
      // With nothing in flight, the cache holds exactly what the server confirmed.
      if (queryClient.isMutating({ mutationKey: SAVE_KEY }) === 0) {
        confirmed.current = queryClient.getQueryData<NotificationSettings>(SETTINGS_KEY);
      }
      void queryClient.cancelQueries({ queryKey: SETTINGS_KEY });
      queryClient.setQueryData(SETTINGS_KEY, settings);
      setStatus('saving');
      mutate(settings);
    },
    [mutate, queryClient],
  );
  return { save, status };
}
