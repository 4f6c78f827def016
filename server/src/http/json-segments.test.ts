// Kept pieces and fresh text make one gzip member that any gunzip reads back as the whole text, and
// the answer carries the same headers as one the compression hook gzipped.
import Fastify, { type FastifyInstance } from 'fastify';
import { gunzipSync } from 'node:zlib';
import { gzipOptionsFor, installCompression } from './compression';
import { gzipSegments, JsonPiece, segmentsText, sendJsonSegments, type JsonSegment } from './json-segments';

const json = gzipOptionsFor('application/json');
const rows = (n: number, seed: number) => Array.from({ length: n }, (_, i) => JSON.stringify({ t: i, v: Math.sin(i * seed) })).join(',');

describe('JSON segments', () => {
  const kept = new JsonPiece(rows(5000, 1));
  const small = new JsonPiece('{"a":1}');
  const empty = new JsonPiece('');

  it.each<[string, JsonSegment[]]>([
    ['only fresh text', ['{"rows":[', rows(100, 2), ']}']],
    ['a kept piece between fresh text', ['{"rows":[', kept, ',', rows(100, 3), ']}']],
    ['kept pieces next to each other, used twice, and an empty one', ['[', kept, ',', small, empty, ',', kept, ']']],
    ['a kept piece last', ['[', kept]],
    ['nothing', []],
    ['only short text (stored, not compressed)', ['{"rows":[]}']],
    ['short text between kept pieces and a long tail', ['[', kept, ',', small, ',', rows(300, 5), ']']],
  ])('gzips %s into a member that unpacks to the whole text', (_name, segments) => {
    const gz = gzipSegments(segments, json);
    expect(gunzipSync(gz).toString()).toBe(segmentsText(segments));
    expect(gz.length).toBeLessThan(Math.max(200, segmentsText(segments).length / 2));
    expect(gunzipSync(Buffer.concat([gz, gz])).toString()).toBe(segmentsText(segments).repeat(2)); // a whole member: it ends where it should
  });

  it('keeps the compressed blocks of a piece: the second use compresses nothing again', () => {
    const piece = new JsonPiece(rows(100, 4));
    expect(piece.deflate(json)).toBe(piece.deflate(json));
  });

  describe('as an answer', () => {
    let app: FastifyInstance;
    const big: JsonSegment[] = ['{"rows":[', kept, ']}'];
    beforeAll(async () => {
      app = Fastify();
      installCompression(app);
      app.post<{ Body: { small?: boolean } }>('/segments', async (request, reply) =>
        sendJsonSegments(request, reply, request.body.small ? ['{"rows":[', small, ']}'] : big),
      );
      await app.ready();
    });
    afterAll(() => app.close());
    const call = (body: object, headers: Record<string, string> = {}) =>
      app.inject({ method: 'POST', url: '/segments', payload: body, headers });

    it('is gzipped when accepted, with the headers of a gzipped JSON answer', async () => {
      const response = await call({}, { 'accept-encoding': 'gzip, deflate, br' });
      expect(response.headers['content-encoding']).toBe('gzip');
      expect(response.headers['content-type']).toBe('application/json; charset=utf-8');
      expect(response.headers.vary).toBe('Accept-Encoding');
      expect(gunzipSync(response.rawPayload).toString()).toBe(segmentsText(big));
    });

    it('is plain JSON without gzip, and for bodies under 1 KB', async () => {
      const plain = await call({});
      expect(plain.headers['content-encoding']).toBeUndefined();
      expect(plain.body).toBe(segmentsText(big));
      const tiny = await call({ small: true }, { 'accept-encoding': 'gzip' });
      expect(tiny.headers['content-encoding']).toBeUndefined();
      expect(tiny.json()).toEqual({ rows: [{ a: 1 }] });
    });
  });
});
