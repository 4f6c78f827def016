import { TextDecoder, TextEncoder } from 'util';
import { readSseStream, SseParser, type SseEvent } from './sse-parser';

const shadowEvent = (thingName: string, version: number) =>
  `event: shadow\ndata: ${JSON.stringify({ thingName, state: { reported: { ActPwrPve: 1200 } }, version })}\n\n`;

const STREAM =
  ': connected\n\n' +
  shadowEvent('gw-brno-01', 4) +
  ': ping\n\n' +
  'event: shadow\r\ndata: {"thingName":"gw-olomouc-01",\r\ndata: "version":9}\r\n\r\n' +
  'data: plain message\rid: 7\r\r' +
  shadowEvent('gw-brno-01', 5);

const EXPECTED: SseEvent[] = [
  { event: 'shadow', data: JSON.stringify({ thingName: 'gw-brno-01', state: { reported: { ActPwrPve: 1200 } }, version: 4 }) },
  { event: 'shadow', data: '{"thingName":"gw-olomouc-01",\n"version":9}' },
  { event: 'message', data: 'plain message', id: '7' },
  { event: 'shadow', data: JSON.stringify({ thingName: 'gw-brno-01', state: { reported: { ActPwrPve: 1200 } }, version: 5 }), id: '7' },
];

function parseInChunks(chunks: string[]): SseEvent[] {
  const parser = new SseParser();
  return [...chunks.flatMap((c) => parser.push(c)), ...parser.finish()];
}

describe('SSE parser', () => {
  it('parses events, skips comments (pings) and joins multi-line data', () => {
    expect(parseInChunks([STREAM])).toEqual(EXPECTED);
  });

  it('gives the same events however the stream is split into two chunks', () => {
    for (let at = 0; at <= STREAM.length; at++) {
      expect([at, parseInChunks([STREAM.slice(0, at), STREAM.slice(at)])]).toEqual([at, EXPECTED]);
    }
  });

  it('gives the same events when every character arrives alone (CRLF pairs split too)', () => {
    expect(parseInChunks(STREAM.split(''))).toEqual(EXPECTED);
  });

  it('drops an event the stream did not finish with a blank line', () => {
    expect(parseInChunks(['event: shadow\ndata: {"half":'])).toEqual([]);
  });

  it('ends a line at a CR that is the last thing in the stream', () => {
    expect(parseInChunks(['data: last\n\r'])).toEqual([{ event: 'message', data: 'last' }]);
  });

  it('ignores a byte order mark and events without data', () => {
    expect(parseInChunks(['\ufeffevent: shadow\n\n', 'data: x\n\n'])).toEqual([{ event: 'message', data: 'x' }]);
  });
});

describe('reading a fetch body', () => {
  beforeAll(() => Object.assign(globalThis, { TextDecoder }));

  /** A ReadableStream-like body handing out the given byte chunks. */
  function body(chunks: Uint8Array[]): ReadableStream<Uint8Array> {
    const queue = [...chunks];
    const reader = {
      read: async () => (queue.length > 0 ? { done: false, value: queue.shift() } : { done: true, value: undefined }),
      releaseLock: jest.fn(),
    };
    return { getReader: () => reader } as unknown as ReadableStream<Uint8Array>;
  }

  it('decodes UTF-8 split inside a character and reports every event', async () => {
    const bytes = new TextEncoder().encode('event: shadow\ndata: {"name":"Líšeň – Brno"}\n\n: ping\n\n');
    const split = bytes.indexOf(0xc5) + 1; // inside the two bytes of "š"
    const events: SseEvent[] = [];
    await readSseStream(body([bytes.slice(0, split), bytes.slice(split)]), (e) => events.push(e));
    expect(events).toEqual([{ event: 'shadow', data: '{"name":"Líšeň – Brno"}' }]);
  });
});
