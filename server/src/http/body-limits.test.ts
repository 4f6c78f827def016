import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { seedDemoData } from '../demo/seed';
import { databaseTargets } from '../testing/databases';
import { createTestApp, signIn } from '../testing/test-app';
import { API_BODY_LIMIT, UPLOAD_BODY_LIMIT } from './body-limits';

const FIVE_MB = 5 * 1024 * 1024;

interface Answer {
  status: number;
  body: string;
}

/**
 * POSTs over a real socket, the way a browser or curl does, so a connection reset (the server closing
 * while the client is still sending) shows up as an error instead of being hidden by inject().
 */
function post(port: number, url: string, body: Buffer, headers: Record<string, string>, chunked = false): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const request = http.request(
      {
        host: '127.0.0.1',
        port,
        path: url,
        method: 'POST',
        headers: { 'content-type': 'application/json', ...(chunked ? {} : { 'content-length': String(body.length) }), ...headers },
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => resolve({ status: response.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8') }));
        response.on('error', reject);
      },
    );
    request.on('error', reject);
    // In 64 KB pieces, as a client on a network would send it.
    for (let offset = 0; offset < body.length; offset += 65_536) request.write(body.subarray(offset, offset + 65_536));
    request.end();
  });
}

/** `{"username":"a@b.c","password":"xxxx…"}` of the given size. */
function jsonOf(size: number): Buffer {
  const head = '{"username":"a@b.c","password":"';
  return Buffer.from(head + 'x'.repeat(size - head.length - 2) + '"}');
}

const [sqlite] = databaseTargets();

describe('request body limits', () => {
  let app: FastifyInstance;
  let port: number;
  let idToken: string;
  const uploads: number[] = [];

  beforeAll(async () => {
    const db = await sqlite.create();
    await seedDemoData(db);
    app = await createTestApp(db);
    // A route that takes a file states its own limit; CSV imports do this.
    app.post('/api/test/csv-upload', { bodyLimit: UPLOAD_BODY_LIMIT, config: { public: true } }, async (request) => {
      uploads.push(JSON.stringify(request.body).length);
      return { ok: true };
    });
    await app.listen({ port: 0, host: '127.0.0.1' });
    port = (app.server.address() as AddressInfo).port;
    idToken = (await signIn(app, 'admin@helio.local', 'Helio-admin-2024!')).idToken;
  });
  afterAll(async () => {
    await app.close();
    await sqlite.destroy();
  });

  const expectTooLarge = (answer: Answer, limitBytes: number) => {
    expect(answer.status).toBe(413);
    expect(JSON.parse(answer.body)).toEqual({
      error: {
        code: 'PayloadTooLarge',
        message: expect.stringMatching(new RegExp(`limit of ${limitBytes} bytes`)),
        details: { limitBytes },
      },
    });
  };

  it('answers a 5 MB body to an ordinary route with 413 in the error shape, not a reset connection', async () => {
    expectTooLarge(await post(port, '/api/auth/sign-in', jsonOf(FIVE_MB), {}), API_BODY_LIMIT);
  });

  it('does the same for a signed-in route and for a body sent without a length (chunked)', async () => {
    const auth = { authorization: `Bearer ${idToken}` };
    expectTooLarge(await post(port, '/api/plant/list', jsonOf(FIVE_MB), auth), API_BODY_LIMIT);
    expectTooLarge(await post(port, '/api/plant/list', jsonOf(FIVE_MB), auth, true), API_BODY_LIMIT);
    // and the connection's server is still answering
    const list = await post(port, '/api/plant/list', Buffer.from('{}'), auth);
    expect(list.status).not.toBe(413);
  });

  it('takes a body up to the limit a route states for itself, and refuses one over it with that limit', async () => {
    const accepted = await post(port, '/api/test/csv-upload', jsonOf(FIVE_MB), {});
    expect(accepted.status).toBe(200);
    expect(uploads).toEqual([FIVE_MB]);
    expectTooLarge(await post(port, '/api/test/csv-upload', jsonOf(UPLOAD_BODY_LIMIT + 1024), {}), UPLOAD_BODY_LIMIT);
  });
});
