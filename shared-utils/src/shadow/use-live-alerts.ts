// The signed-in user's alert news from the tab's live stream: an alert of a plant they see opened or
// ended, their read marks changed, or news may have been lost (read the alerts again). While a
// component listens, the stream stays open on every page, also where no plant's shadow is shown.
import { useEffect, useRef } from 'react';
import type { QueryKey } from '@tanstack/react-query';
import type { LiveAlertEvent } from '@helio/contracts';
import { useRereadListener } from './alert-news-reread';
import { live } from './live-connection';

/** Calls the latest `listener` with each alert event while `enabled`. */
export function useLiveAlerts(listener: (event: LiveAlertEvent) => void, enabled = true): void {
  const latest = useRef(listener);
  useEffect(() => {
    latest.current = listener;
  });
  useEffect(() => (enabled ? live().watchAlerts((event) => latest.current(event)) : undefined), [enabled]);
}

/** Reads the queries under `keys` again when alert news arrives, once per burst, while `enabled`. */
export function useRereadOnAlertNews(keys: readonly QueryKey[], enabled = true): void {
  useLiveAlerts(useRereadListener(keys), enabled);
}
