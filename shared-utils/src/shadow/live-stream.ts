// The tab's live push: ONE authenticated SSE connection (GET /api/live?things=a,b&alerts=true) for all
// watched things' shadows and, while someone watches them, the user's alert news. Watches are
// ref-counted; the connection is reopened when the set of things, the wish for alerts or the token
// changes, and after a failure or an ended stream with exponential backoff. News sent while the
// connection was down is lost: once it is back, alert watchers are told to read their alerts again.
import type { Observable, Subscription } from 'rxjs';
import type { LiveAlert, LiveAlertEvent, LiveShadowEvent } from '@helio/contracts';
import { readSseStream } from './sse-parser';

export type { LiveAlertEvent, LiveShadowEvent };

export type LiveListener = (event: LiveShadowEvent) => void;
export type LiveAlertListener = (event: LiveAlertEvent) => void;

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
  /** Hears the user's alert news; the connection stays open for it on pages that show no thing. */
  watchAlerts(listener: LiveAlertListener): () => void;
  /**
   * Keeps the connection from opening (or changing) until the answer is called: while the things a
   * page will watch are still being looked up, the watches gathered meanwhile open ONE connection.
   */
  holdOpen(): () => void;
}

interface Connection {
  key: string;
  controller: AbortController;
}

const ALERT_CHANGES: ReadonlySet<string> = new Set<LiveAlertEvent['change']>(['opened', 'cleared', 'read', 'resync']);

function toAlertEvent(data: string): LiveAlertEvent | null {
  const raw = JSON.parse(data) as { change?: unknown; alert?: unknown } | null;
  if (!raw || typeof raw.change !== 'string' || !ALERT_CHANGES.has(raw.change)) return null;
  if (raw.change === 'opened' || raw.change === 'cleared') {
    const alert = raw.alert as Partial<LiveAlert> | null | undefined;
    if (!alert || typeof alert.id !== 'string' || typeof alert.plantName !== 'string' || typeof alert.kind !== 'string') return null;
    return raw as LiveAlertEvent;
  }
  return { change: raw.change as 'read' | 'resync' };
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
  const alertWatchers = new Set<{ listener: LiveAlertListener }>();
  let token: string | null = null;
  let tokenSubscription: Subscription | null = null;
  let connection: Connection | null = null;
  let syncTimer: ReturnType<typeof setTimeout> | undefined;
  let retryTimer: ReturnType<typeof setTimeout> | undefined;
  let failures = 0;
  let holds = 0;
  /** A connection failed or ended: news may have been lost until the next one opens. */
  let missedNews = false;

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
    if (holds > 0) return;
    const things = [...watchers.keys()].sort();
    const alerts = alertWatchers.size > 0;
    const key = token && (things.length > 0 || alerts) ? `${token}|${things.join(',')}|${alerts ? 'alerts' : ''}` : null;
    if (connection && connection.key === key) return;
    close();
    if (key && token) open(key, liveUrl(things, alerts), token);
  }

  function tellAlertWatchers(event: LiveAlertEvent): void {
    for (const { listener } of [...alertWatchers]) {
      try {
        listener(event);
      } catch (error) {
        console.error(error);
      }
    }
  }

  function dispatchAlert(data: string): void {
    let event: LiveAlertEvent | null;
    try {
      event = toAlertEvent(data);
    } catch {
      return;
    }
    if (event) tellAlertWatchers(event);
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

  async function run(conn: Connection, url: string, bearer: string): Promise<void> {
    const response = await options.fetch(url, {
      headers: { Authorization: `Bearer ${bearer}`, Accept: 'text/event-stream' },
      cache: 'no-store',
      signal: conn.controller.signal,
    });
    if (!response.ok || !response.body) throw new Error(`GET /api/live answered ${response.status}`);
    if (missedNews && connection === conn) {
      missedNews = false;
      tellAlertWatchers({ change: 'resync' });
    }
    await readSseStream(response.body, (event) => {
      failures = 0; // the stream works: a later reconnect starts fast again
      if (event.event === 'shadow') dispatch(event.data);
      else if (event.event === 'alert') dispatchAlert(event.data);
    });
  }

  function open(key: string, url: string, bearer: string): void {
    const conn: Connection = { key, controller: new AbortController() };
    connection = conn;
    const reconnect = () => {
      if (conn.controller.signal.aborted || connection !== conn) return;
      connection = null;
      missedNews = true;
      const delay = Math.min(maxBackoffMs, initialBackoffMs * 2 ** failures);
      failures++;
      retryTimer = setTimeout(() => {
        retryTimer = undefined;
        sync();
      }, delay);
    };
    // Both an error and a stream the server ended (restart, token expiry) lead to a reconnect.
    run(conn, url, bearer).then(reconnect, reconnect);
  }

  function followToken(): void {
    tokenSubscription ??= options.token$.subscribe((next) => {
      if (next === token) return;
      token = next;
      scheduleSync();
    });
  }

  return {
    watch(thingName, listener) {
      followToken();
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
    holdOpen() {
      holds++;
      let released = false;
      return () => {
        if (released) return;
        released = true;
        holds--;
        scheduleSync();
      };
    },
    watchAlerts(listener) {
      followToken();
      const entry = { listener };
      alertWatchers.add(entry);
      if (alertWatchers.size === 1) scheduleSync();
      return () => {
        if (!alertWatchers.delete(entry) || alertWatchers.size > 0) return;
        scheduleSync();
      };
    },
  };
}

function liveUrl(things: readonly string[], alerts: boolean): string {
  const query = [...(things.length > 0 ? [`things=${things.map(encodeURIComponent).join(',')}`] : []), ...(alerts ? ['alerts=true'] : [])];
  return `/api/live?${query.join('&')}`;
}
