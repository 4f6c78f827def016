// A GET /api/live client for server suites: opens a stream on a listening app as the browser does
// (bearer token, no agent), collects its events by name, and tells when the server ended it.
import type { FastifyInstance } from 'fastify';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface LiveEvent {
  event: string;
  data: unknown;
}

export interface LiveClient {
  status: number;
  /** Every event so far, in order. */
  events: LiveEvent[];
  /** The data of the events of one name. */
  of<T>(event: string): T[];
  isEnded(): boolean;
  ended: Promise<void>;
  close(): void;
}

/** Opens `/api/live?<query>` (e.g. `things=a` or `alerts=true`) with the token. */
export function openLiveClient(app: FastifyInstance, query: string, token: string): Promise<LiveClient> {
  const port = (app.server.address() as AddressInfo).port;
  return new Promise((resolve, reject) => {
    http
      .get(
        { host: '127.0.0.1', port, path: `/api/live?${query}`, headers: { authorization: `Bearer ${token}` }, agent: false },
        (response) => {
          const events: LiveEvent[] = [];
          let buffered = '';
          let done = false;
          response.setEncoding('utf8');
          response.on('data', (chunk: string) => {
            buffered += chunk;
            let end: number;
            while ((end = buffered.indexOf('\n\n')) >= 0) {
              const block = buffered.slice(0, end);
              buffered = buffered.slice(end + 2);
              const parsed = /^event: (\S+)\ndata: (.*)$/s.exec(block);
              if (parsed?.[1] && parsed[2] !== undefined) events.push({ event: parsed[1], data: JSON.parse(parsed[2]) as unknown });
            }
          });
          const ended = new Promise<void>((resolveEnd) => response.on('close', () => ((done = true), resolveEnd())));
          resolve({
            status: response.statusCode ?? 0,
            events,
            of: <T>(event: string) => events.filter((e) => e.event === event).map((e) => e.data as T),
            isEnded: () => done,
            ended,
            close: () => response.destroy(),
          });
        },
      )
      .on('error', reject);
  });
}
