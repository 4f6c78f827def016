// A webhook receiver on loopback for the tests: records what it gets and answers as told.
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface Received {
  headers: http.IncomingHttpHeaders;
  body: string;
}

export interface TestReceiver {
  url: string;
  received: Received[];
  /** 'ok' (204), 'fail' (500) or 'hang' (never answers); paths under /slow always hang. */
  mode: 'ok' | 'fail' | 'hang';
  /** Drops the connections of the requests it holds, as a receiver that gives up would. */
  releaseHanging(): void;
  close(): Promise<void>;
}

export async function startReceiver(): Promise<TestReceiver> {
  const hanging = new Set<http.ServerResponse>();
  const releaseHanging = () => {
    for (const response of hanging) response.destroy();
    hanging.clear();
  };
  const receiver: TestReceiver = { url: '', received: [], mode: 'ok', releaseHanging, close: async () => undefined };
  const server = http.createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
    request.on('end', () => {
      receiver.received.push({ headers: request.headers, body });
      if (receiver.mode === 'hang' || request.url?.startsWith('/slow')) hanging.add(response);
      else response.writeHead(receiver.mode === 'ok' ? 204 : 500).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  receiver.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`;
  receiver.close = () =>
    new Promise((resolve) => {
      releaseHanging();
      server.closeAllConnections();
      server.close(() => resolve());
    });
  return receiver;
}
