// The tab's one live stream (live-stream.ts), made on first use and shared by every app of the page:
// the shadows of useShadow and the alert news of useLiveAlerts travel on the same connection.
import { distinctUntilChanged, map } from 'rxjs';
import { session$ } from '../session/session';
import { createLiveStream, type LiveStream } from './live-stream';

let liveStream: LiveStream | null = null;

export function live(): LiveStream {
  liveStream ??= createLiveStream({
    fetch: (url, init) => fetch(url, init),
    token$: session$.pipe(
      map((session) => session?.idToken ?? null),
      distinctUntilChanged(),
    ),
  });
  return liveStream;
}
