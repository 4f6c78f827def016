// Server-Sent Events parsing (the HTML "event stream" rules) for a stream read with fetch: EventSource
// cannot send the Authorization header. Chunks may split lines, fields and CRLF pairs anywhere.
export interface SseEvent {
  event: string;
  data: string;
  id?: string;
}

export class SseParser {
  private buffer = '';
  private started = false;
  private eventType = '';
  private dataLines: string[] = [];
  private lastId: string | undefined;

  /** Feeds decoded text; returns the events completed by it. */
  push(chunk: string): SseEvent[] {
    this.buffer += chunk;
    if (!this.started && this.buffer.length > 0) {
      this.started = true;
      if (this.buffer.startsWith('\ufeff')) this.buffer = this.buffer.slice(1);
    }
    const events: SseEvent[] = [];
    let start = 0;
    for (let i = 0; i < this.buffer.length; i++) {
      const c = this.buffer[i];
      if (c !== '\n' && c !== '\r') continue;
      // a CR at the very end may be the first half of a CRLF still in the next chunk
      if (c === '\r' && i === this.buffer.length - 1) break;
      const line = this.buffer.slice(start, i);
      if (c === '\r' && this.buffer[i + 1] === '\n') i++;
      start = i + 1;
      const event = this.line(line);
      if (event) events.push(event);
    }
    this.buffer = this.buffer.slice(start);
    return events;
  }

  /** At the end of the stream: a CR left waiting for its LF was a line end after all. */
  finish(): SseEvent[] {
    if (!this.buffer.endsWith('\r')) return [];
    const line = this.buffer.slice(0, -1);
    this.buffer = '';
    const event = this.line(line);
    return event ? [event] : [];
  }

  private line(line: string): SseEvent | null {
    if (line === '') return this.dispatch();
    if (line.startsWith(':')) return null; // a comment (the server's ping)
    const colon = line.indexOf(':');
    const field = colon === -1 ? line : line.slice(0, colon);
    let value = colon === -1 ? '' : line.slice(colon + 1);
    if (value.startsWith(' ')) value = value.slice(1);
    if (field === 'event') this.eventType = value;
    else if (field === 'data') this.dataLines.push(value);
    else if (field === 'id' && !value.includes('\0')) this.lastId = value;
    return null;
  }

  private dispatch(): SseEvent | null {
    const hasData = this.dataLines.length > 0;
    const event: SseEvent = { event: this.eventType || 'message', data: this.dataLines.join('\n') };
    if (this.lastId !== undefined) event.id = this.lastId;
    this.eventType = '';
    this.dataLines = [];
    return hasData ? event : null;
  }
}

/** Reads a fetch body to its end, decoding UTF-8 across chunk boundaries, and reports each event. */
export async function readSseStream(body: ReadableStream<Uint8Array>, onEvent: (event: SseEvent) => void): Promise<void> {
  const reader = body.getReader();
  const decoder = new TextDecoder();
  const parser = new SseParser();
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      for (const event of parser.push(decoder.decode(value, { stream: true }))) onEvent(event);
    }
    for (const event of [...parser.push(decoder.decode()), ...parser.finish()]) onEvent(event);
  } finally {
    reader.releaseLock();
  }
}
