import { TextDecoder, TextEncoder } from 'util';
import { BehaviorSubject } from 'rxjs';
import { createLiveStream, type LiveAlertEvent, type LiveShadowEvent } from './live-stream';

beforeAll(() => Object.assign(globalThis, { TextDecoder }));

type ReadResult = ReadableStreamReadResult<Uint8Array>;

/** One SSE response under the test's control: it sends text, ends or breaks the stream. */
class FakeStream {
  private pending: { resolve: (r: ReadResult) => void; reject: (e: Error) => void } | null = null;
  private queue: Array<ReadResult | Error> = [];
  readonly response: Response;

  constructor(
    readonly url: string,
    readonly init: RequestInit,
  ) {
    // like a real fetch body: aborting the request breaks the read under way
    init.signal?.addEventListener('abort', () => this.push(new DOMException('aborted', 'AbortError')));
    const reader = { read: () => this.read(), releaseLock: () => undefined };
    this.response = { ok: true, status: 200, body: { getReader: () => reader } } as unknown as Response;
  }

  private push(item: ReadResult | Error) {
    const pending = this.pending;
    this.pending = null;
    if (!pending) this.queue.push(item);
    else if (item instanceof Error) pending.reject(item);
    else pending.resolve(item);
  }

  private read(): Promise<ReadResult> {
    const item = this.queue.shift();
    if (item) return item instanceof Error ? Promise.reject(item) : Promise.resolve(item);
    return new Promise((resolve, reject) => (this.pending = { resolve, reject }));
  }

  send(text: string) {
    this.push({ done: false, value: new TextEncoder().encode(text) });
  }
  end() {
    this.push({ done: true, value: undefined });
  }
  fail() {
    this.push(new TypeError('network error'));
  }
  get aborted() {
    return !!this.init.signal?.aborted;
  }
  get things() {
    return new URL(this.url, 'http://helio.test').searchParams.get('things')?.split(',');
  }
  get alerts() {
    return new URL(this.url, 'http://helio.test').searchParams.get('alerts') === 'true';
  }
  get authorization() {
    return (this.init.headers as Record<string, string>).Authorization;
  }
}

function setup() {
  const streams: FakeStream[] = [];
  const answers: Array<() => Promise<Response>> = [];
  const fetch = jest.fn((url: string, init: RequestInit) => {
    const planned = answers.shift();
    if (planned) return planned();
    const stream = new FakeStream(url, init);
    streams.push(stream);
    return Promise.resolve(stream.response);
  });
  const token$ = new BehaviorSubject<string | null>('token-1');
  const live = createLiveStream({ fetch, token$, settleMs: 10, initialBackoffMs: 1000, maxBackoffMs: 8000 });
  const last = () => streams[streams.length - 1];
  return { streams, last, answers, fetch, token$, live };
}

const shadowEvent = (thingName: string, version: number) =>
  `event: shadow\ndata: ${JSON.stringify({
    thingName,
    state: { reported: { ActPwrPve: version * 100 }, desired: {}, delta: {} },
    metadata: { reported: { ActPwrPve: { timestamp: 1000 + version } }, desired: { OperMode: { timestamp: 900 } } },
    version,
    timestamp: 1000 + version,
  })}\n\n`;

const settle = () => jest.advanceTimersByTimeAsync(10);

beforeEach(() => jest.useFakeTimers());
afterEach(() => jest.useRealTimers());

describe('live shadow stream', () => {
  it('opens one authenticated connection for all things watched together', async () => {
    const { fetch, last, live } = setup();
    live.watch('gw-olomouc', () => undefined);
    live.watch('gw-brno', () => undefined);
    await settle();
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(fetch.mock.calls[0][0]).toBe('/api/live?things=gw-brno,gw-olomouc');
    expect(last().authorization).toBe('Bearer token-1');
    expect(last().things).toEqual(['gw-brno', 'gw-olomouc']);
  });

  it('routes each shadow event to the watchers of its thing, however the chunks fall', async () => {
    const { last, live } = setup();
    const brno: LiveShadowEvent[] = [];
    const olomouc: LiveShadowEvent[] = [];
    live.watch('gw-brno', (e) => brno.push(e));
    live.watch('gw-olomouc', (e) => olomouc.push(e));
    await settle();
    const text = ': connected\n\n' + shadowEvent('gw-brno', 3) + ': ping\n\n' + shadowEvent('gw-olomouc', 8);
    last().send(text.slice(0, 70));
    last().send(text.slice(70));
    await jest.advanceTimersByTimeAsync(0);
    expect(brno).toEqual([
      {
        thingName: 'gw-brno',
        state: { reported: { ActPwrPve: 300 }, desired: {}, delta: {} },
        // when each key was desired: the remote-control page shows how long a change has been pending
        metadata: { reported: { ActPwrPve: { timestamp: 1003 } }, desired: { OperMode: { timestamp: 900 } } },
        version: 3,
        timestamp: 1003,
        hasDelta: false,
      },
    ]);
    expect(olomouc.map((e) => e.version)).toEqual([8]);
  });

  it('counts watchers: the connection stays while any watcher of a thing remains', async () => {
    const { fetch, streams, live } = setup();
    const first = live.watch('gw-brno', () => undefined);
    const second = live.watch('gw-brno', () => undefined);
    const other = live.watch('gw-olomouc', () => undefined);
    await settle();
    first();
    await settle();
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(streams[0].aborted).toBe(false);

    second();
    await settle();
    expect(streams[0].aborted).toBe(true);
    expect(streams[1].things).toEqual(['gw-olomouc']);

    other();
    await settle();
    expect(streams[1].aborted).toBe(true);
    expect(fetch).toHaveBeenCalledTimes(2);
  });

  it('opens nothing while held, then one connection with every watch gathered meanwhile', async () => {
    const { fetch, last, live } = setup();
    const resume = live.holdOpen();
    const resumeOther = live.holdOpen();
    live.watchAlerts(() => undefined); // the nav, mounted before the page's plant is known
    await settle();
    await jest.advanceTimersByTimeAsync(5000);
    expect(fetch).not.toHaveBeenCalled();
    live.watch('gw-brno', () => undefined);
    resume();
    resume(); // releases its own hold once: the other one still holds
    await settle();
    expect(fetch).not.toHaveBeenCalled();
    resumeOther();
    await settle();
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(last().things).toEqual(['gw-brno']);
    expect(last().alerts).toBe(true);
  });

  it('reopens with the new set when a thing is added', async () => {
    const { streams, live } = setup();
    live.watch('gw-brno', () => undefined);
    await settle();
    live.watch('gw-olomouc', () => undefined);
    await settle();
    expect(streams[0].aborted).toBe(true);
    expect(streams[1].things).toEqual(['gw-brno', 'gw-olomouc']);
  });

  it('reopens with the refreshed token, and closes when signed out', async () => {
    const { streams, token$, live } = setup();
    live.watch('gw-brno', () => undefined);
    await settle();
    token$.next('token-2');
    await settle();
    expect(streams[0].aborted).toBe(true);
    expect(streams[1].authorization).toBe('Bearer token-2');
    token$.next(null);
    await settle();
    expect(streams[1].aborted).toBe(true);
    expect(streams).toHaveLength(2);
  });

  it('reconnects after failures with a doubling delay, fast again once events flow', async () => {
    const { streams, live } = setup();
    live.watch('gw-brno', () => undefined);
    await settle();
    streams[0].fail();
    await jest.advanceTimersByTimeAsync(999);
    expect(streams).toHaveLength(1);
    await jest.advanceTimersByTimeAsync(1);
    expect(streams).toHaveLength(2);

    streams[1].end(); // the server ended the stream (restart, token expiry)
    await jest.advanceTimersByTimeAsync(1999);
    expect(streams).toHaveLength(2);
    await jest.advanceTimersByTimeAsync(1);
    expect(streams).toHaveLength(3);

    streams[2].send(shadowEvent('gw-brno', 1));
    streams[2].fail();
    await jest.advanceTimersByTimeAsync(1000);
    expect(streams).toHaveLength(4);
  });

  it('retries a refused or unreachable connection, up to the maximum delay', async () => {
    const { answers, fetch, live } = setup();
    const refused = () => Promise.resolve({ ok: false, status: 401, body: null } as unknown as Response);
    const unreachable = () => Promise.reject(new TypeError('Failed to fetch'));
    answers.push(refused, unreachable, unreachable, unreachable, unreachable);
    live.watch('gw-brno', () => undefined);
    await settle();
    const delays = [1000, 2000, 4000, 8000, 8000];
    for (const [i, delay] of delays.entries()) {
      await jest.advanceTimersByTimeAsync(delay - 1);
      expect(fetch).toHaveBeenCalledTimes(i + 1);
      await jest.advanceTimersByTimeAsync(1);
      expect(fetch).toHaveBeenCalledTimes(i + 2);
    }
  });

  it('keeps the stream open after a malformed event or a failing watcher', async () => {
    const { last, live } = setup();
    const seen: number[] = [];
    const errorLog = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    live.watch('gw-brno', () => {
      throw new Error('watcher bug');
    });
    live.watch('gw-brno', (e) => seen.push(e.version));
    await settle();
    last().send('event: shadow\ndata: {not json\n\n' + shadowEvent('gw-brno', 2));
    await jest.advanceTimersByTimeAsync(0);
    expect(seen).toEqual([2]);
    expect(last().aborted).toBe(false);
    expect(errorLog).toHaveBeenCalledWith(new Error('watcher bug'));
    errorLog.mockRestore();
  });
});

const openedAlert = {
  id: 'alert-1',
  plantId: 'plant-1',
  plantName: 'Střecha Sever',
  kind: 'gridOutage',
  severity: 'critical',
  startedAt: '2026-11-22T08:00:00.000Z',
  endedAt: null,
} as const;
const alertEvent = (event: LiveAlertEvent) => `event: alert\ndata: ${JSON.stringify(event)}\n\n`;

describe('alert news on the live stream', () => {
  it('keeps a stream open for alert watchers alone, on pages that show no thing', async () => {
    const { fetch, last, live } = setup();
    const stop = live.watchAlerts(() => undefined);
    await settle();
    expect(fetch.mock.calls[0][0]).toBe('/api/live?alerts=true');
    expect(last().authorization).toBe('Bearer token-1');
    stop();
    await settle();
    expect(last().aborted).toBe(true);
    expect(fetch).toHaveBeenCalledTimes(1);
  });

  it('carries the things and the alerts on one connection, reopened when the wish for alerts comes or goes', async () => {
    const { fetch, streams, live } = setup();
    live.watch('gw-brno', () => undefined);
    await settle();
    expect(streams[0].alerts).toBe(false);
    const stop = live.watchAlerts(() => undefined);
    live.watchAlerts(() => undefined)();
    await settle();
    expect(streams[0].aborted).toBe(true);
    expect(fetch.mock.calls[1][0]).toBe('/api/live?things=gw-brno&alerts=true');
    stop();
    await settle();
    expect(streams[1].aborted).toBe(true);
    expect([streams[2].things, streams[2].alerts]).toEqual([['gw-brno'], false]);
  });

  it('hands alert events to every alert watcher and shadow events to the things’ watchers only', async () => {
    const { last, live } = setup();
    const news: LiveAlertEvent[][] = [[], []];
    const shadows: number[] = [];
    live.watchAlerts((e) => news[0].push(e));
    live.watchAlerts((e) => news[1].push(e));
    live.watch('gw-brno', (e) => shadows.push(e.version));
    await settle();
    last().send(
      ': connected\n\n' +
        alertEvent({ change: 'opened', alert: openedAlert }) +
        shadowEvent('gw-brno', 4) +
        alertEvent({ change: 'read' }) +
        'event: alert\ndata: {"change":"exploded"}\n\n' +
        'event: alert\ndata: {"change":"opened"}\n\n',
    );
    await jest.advanceTimersByTimeAsync(0);
    const expected = [{ change: 'opened', alert: openedAlert }, { change: 'read' }];
    expect(news).toEqual([expected, expected]);
    expect(shadows).toEqual([4]);
  });

  it('tells alert watchers to read their alerts again once a stream that failed or ended is back, not on a planned reopen', async () => {
    const { streams, token$, live } = setup();
    const news: LiveAlertEvent[] = [];
    live.watchAlerts((e) => news.push(e));
    await settle();
    token$.next('token-2'); // a reopen with the refreshed token loses nothing worth a read
    await settle();
    await jest.advanceTimersByTimeAsync(0);
    expect(streams).toHaveLength(2);
    expect(news).toEqual([]);

    streams[1].end();
    await jest.advanceTimersByTimeAsync(1000);
    expect(streams).toHaveLength(3);
    expect(news).toEqual([{ change: 'resync' }]);
    streams[2].send(alertEvent({ change: 'read' }));
    await jest.advanceTimersByTimeAsync(0);
    expect(news).toEqual([{ change: 'resync' }, { change: 'read' }]);
  });
});
