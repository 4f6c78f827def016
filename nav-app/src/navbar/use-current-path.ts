// The current path, following single-spa navigations (it fires popstate and its routing event).
import { useSyncExternalStore } from 'react';

const ROUTE_EVENTS = ['single-spa:routing-event', 'popstate'] as const;

function subscribe(onChange: () => void): () => void {
  ROUTE_EVENTS.forEach((name) => window.addEventListener(name, onChange));
  return () => ROUTE_EVENTS.forEach((name) => window.removeEventListener(name, onChange));
}

const pathname = () => window.location.pathname;

export function useCurrentPath(): string {
  return useSyncExternalStore(subscribe, pathname);
}
