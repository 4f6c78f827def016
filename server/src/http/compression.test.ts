import Fastify, { type FastifyInstance } from 'fastify';
import { constants, gunzipSync } from 'node:zlib';
import { gzipOptionsFor, installCompression, SYNC_MAX_BYTES } from './compression';

/** A JSON body of about `bytes` bytes. */
const bodyOf = (bytes: number) => ({ rows: Array.from({ length: Math.ceil(bytes / 40) }, (_, i) => ({ time: i, value: i * 1.5 })) });

describe('compression', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = Fastify();
    installCompression(app);
    app.post<{ Body: { bytes: number } }>('/json', async (request) => bodyOf(request.body.bytes));
    await app.ready();
  });
  afterAll(() => app.close());

  const call = (bytes: number, acceptEncoding?: string) =>
    app.inject({ method: 'POST', url: '/json', payload: { bytes }, headers: acceptEncoding ? { 'accept-encoding': acceptEncoding } : {} });

  it.each([
    ['a small one, on the event loop', 4 * 1024],
    ['a large one, on the thread pool', 4 * SYNC_MAX_BYTES],
  ])('gzips %s when accepted, and it unpacks to the same JSON', async (_name, bytes) => {
    const response = await call(bytes, 'gzip, deflate');
    expect(response.headers['content-encoding']).toBe('gzip');
    expect(response.headers.vary).toBe('Accept-Encoding');
    expect(JSON.parse(gunzipSync(response.rawPayload).toString())).toEqual(bodyOf(bytes));
  });

  it('leaves bodies under 1 KB and clients without gzip alone', async () => {
    expect((await call(200, 'gzip')).headers['content-encoding']).toBeUndefined();
    const plain = await call(4 * 1024);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.json()).toEqual(bodyOf(4 * 1024));
  });

  it('compresses API JSON at the fastest level and other text at the default one', () => {
    expect(gzipOptionsFor('application/json; charset=utf-8').level).toBe(constants.Z_BEST_SPEED);
    expect(gzipOptionsFor('text/html; charset=utf-8').level).toBeUndefined();
  });
});
