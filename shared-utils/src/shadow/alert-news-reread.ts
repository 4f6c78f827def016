// The listener useRereadOnAlertNews gives the live stream: it reads the queries under `keys` again,
// once per burst of alert news. Apart from the stream, so the jest mock of shared-utils runs this code.
import { useCallback, useEffect, useRef } from 'react';
import { useQueryClient, type QueryKey } from '@tanstack/react-query';

/** Alert news this close together (a tick that opened several alerts) costs one read. */
export const ALERT_NEWS_SETTLE_MS = 100;

export function useRereadListener(keys: readonly QueryKey[]): () => void {
  const queryClient = useQueryClient();
  const latestKeys = useRef(keys);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => {
    latestKeys.current = keys;
  });
  useEffect(() => () => clearTimeout(timer.current), []);
  return useCallback(() => {
    if (timer.current !== undefined) return;
    timer.current = setTimeout(() => {
      timer.current = undefined;
      for (const queryKey of latestKeys.current) void queryClient.invalidateQueries({ queryKey });
    }, ALERT_NEWS_SETTLE_MS);
  }, [queryClient]);
}
