// The live push of device shadows: ONE authenticated SSE connection (GET /api/live?things=a,b) for all
// watched things. Watches are ref-counted; the connection is reopened when the set of things or the
// token changes, and after a failure or an ended stream with exponential backoff.
import type { Observable, Subscription } from 'rxjs';
import type { Shadow } from '../api/endpoints';
import { readSseStream } from './sse-parser';

export interface LiveShadowEvent extends Shadow {
  thingName: string;
}

export type LiveListener = (event: LiveShadowEvent) => void;

export interface LiveStreamOptions {
  fetch: (url: string, init: RequestInit) => Promise<Response>;
  /** the current ID token; null while signed out */
  token$: Observable<string | null>;
  initialBackoffMs?: number;
  maxBackoffMs?: number;
  /** gathers the watches of one render into one connection */
  settleMs?: number;
}

export interface LiveStream {
  watch(thingName: string, listener: LiveListener): () => void;
}

interface Connection {
  key: string;
  controller: AbortController;
}

function toEvent(data: string): LiveShadowEvent | null {
  const raw = JSON.parse(data) as Partial<LiveShadowEvent> | null;
  if (!raw || typeof raw.thingName !== 'string' || typeof raw.state !== 'object' || raw.state === null) return null;
  const delta = raw.state.delta ?? {};
  return {
    thingName: raw.thingName,
    state: { reported: raw.state.reported ?? {}, desired: raw.state.desired ?? {}, delta },
    metadata: { reported: raw.metadata?.reported ?? {}, desired: raw.metadata?.desired ?? {} },
    version: raw.version ?? 0,
    timestamp: raw.timestamp ?? 0,
    hasDelta: raw.hasDelta ?? Object.keys(delta).length > 0,
  };
}

export function createLiveStream(options: LiveStreamOptions): LiveStream {
  const { initialBackoffMs = 1000, maxBackoffMs = 30000, settleMs = 50 } = options;
  const watchers = new Map<string, Set<{ listener: LiveListener }>>();
  let token: string | null = null;
  let tokenSubscription: Subscription | null = null;
  let connection: Connection | null = null;
  let syncTimer: ReturnType<typeof setTimeout> | undefined;
  let retryTimer: ReturnType<typeof setTimeout> | undefined;
  let failures = 0;

  function scheduleSync(): void {
    if (syncTimer !== undefined) return;
    syncTimer = setTimeout(() => {
      syncTimer = undefined;
      sync();
    }, settleMs);
  }

  function close(): void {
    connection?.controller.abort();
    connection = null;
    if (retryTimer !== undefined) clearTimeout(retryTimer);
    retryTimer = undefined;
  }

  function sync(): void {
    const things = [...watchers.keys()].sort();
    const key = token && things.length > 0 ? `${token}|${things.join(',')}` : null;
    if (connection && connection.key === key) return;
    close();
    if (key && token) open(key, things, token);
  }

  function dispatch(data: string): void {
    let event: LiveShadowEvent | null;
    try {
      event = toEvent(data);
    } catch {
      return; // a broken event must not end the stream
    }
    if (!event) return;
    for (const { listener } of watchers.get(event.thingName) ?? []) {
      try {
        listener(event);
      } catch (error) {
        console.error(error);
      }
    }
  }

  async function run(conn: Connection, things: string[], bearer: string): Promise<void> {
    const url = `/api/live?things=${things.map(encodeURIComponent).join(',')}`;
    const response = await options.fetch(url, {
      headers: { Authorization: `Bearer ${bearer}`, Accept: 'text/event-stream' },
      cache: 'no-store',
      signal: conn.controller.signal,
    });
    if (!response.ok || !response.body) throw new Error(`GET /api/live answered ${response.status}`);
    await readSseStream(response.body, (event) => {
      failures = 0; // the stream works: a later reconnect starts fast again
      if (event.event === 'shadow') dispatch(event.data);
    });
  }

  function open(key: string, things: string[], bearer: string): void {
    const conn: Connection = { key, controller: new AbortController() };
    connection = conn;
    const reconnect = () => {
      if (conn.controller.signal.aborted || connection !== conn) return;
      connection = null;
      const delay = Math.min(maxBackoffMs, initialBackoffMs * 2 ** failures);
      failures++;
      retryTimer = setTimeout(() => {
        retryTimer = undefined;
        sync();
      }, delay);
    };
    // Both an error and a stream the server ended (restart, token expiry) lead to a reconnect.
    run(conn, things, bearer).then(reconnect, reconnect);
  }

  return {
    watch(thingName, listener) {
      tokenSubscription ??= options.token$.subscribe((next) => {
        if (next === token) return;
        token = next;
        scheduleSync();
      });
      const entry = { listener };
      let set = watchers.get(thingName);
      if (!set) {
        watchers.set(thingName, (set = new Set()));
        scheduleSync();
      }
      set.add(entry);
      return () => {
        const current = watchers.get(thingName);
        if (!current?.delete(entry) || current.size > 0) return;
        watchers.delete(thingName);
        scheduleSync();
      };
    },
  };
}
