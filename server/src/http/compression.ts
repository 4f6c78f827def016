// gzip for text responses (scripts, styles, HTML, JSON) when the browser accepts it: the built apps
// shrink to a fraction on the wire. node:zlib only; event streams and small bodies pass untouched.
import { Readable, pipeline } from 'node:stream';
import { createGzip, gzip } from 'node:zlib';
import { promisify } from 'node:util';
import type { FastifyInstance } from 'fastify';

const gzipBuffer = promisify(gzip);
const COMPRESSIBLE = /^(text\/(?!event-stream)|application\/(javascript|json|manifest\+json|xml)|image\/svg\+xml)/;
const MIN_BYTES = 1024;

export function installCompression(app: FastifyInstance): void {
  app.addHook('onSend', async (request, reply, payload) => {
    const type = String(reply.getHeader('content-type') ?? '');
    if (!COMPRESSIBLE.test(type) || reply.statusCode !== 200 || reply.getHeader('content-encoding')) return payload;
    const vary = reply.getHeader('vary');
    reply.header('vary', vary ? `${String(vary)}, Accept-Encoding` : 'Accept-Encoding');
    if (request.method !== 'GET' && request.method !== 'POST') return payload;
    if (!/\bgzip\b/.test(String(request.headers['accept-encoding'] ?? ''))) return payload;
    const length = Number(reply.getHeader('content-length') ?? NaN);
    if (length < MIN_BYTES) return payload;

    if (typeof payload === 'string' || Buffer.isBuffer(payload)) {
      if (Buffer.byteLength(payload) < MIN_BYTES) return payload;
      reply.header('content-encoding', 'gzip').removeHeader('content-length');
      return gzipBuffer(payload);
    }
    if (payload instanceof Readable) {
      reply.header('content-encoding', 'gzip').removeHeader('content-length');
      const compressed = createGzip();
      pipeline(payload, compressed, () => undefined); // errors destroy both streams; Fastify sees the failure
      return compressed;
    }
    return payload;
  });
}
