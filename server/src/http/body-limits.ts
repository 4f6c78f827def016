// How big a request body may be. Every route takes API_BODY_LIMIT unless it states its own
// `bodyLimit`: a route that takes a file (a CSV import) states UPLOAD_BODY_LIMIT. Over the limit the
// answer is 413 PayloadTooLarge in the error shape, with the route's limit in `details.limitBytes`.
//
// The 413 closes the connection, so it is sent only once the body has been read and thrown away (up
// to DISCARD_MAX_BYTES): a connection closed while the client still sends is reset, and the client
// sees a broken pipe instead of the answer (Node's http client on 14 of 60 tries of 5 MB, curl without
// `Expect` on 8 of 20). A body past that bound is cut off.
import { Transform, type Readable, type TransformCallback } from 'node:stream';
import type { FastifyInstance, FastifyRequest } from 'fastify';

export const API_BODY_LIMIT = 1024 * 1024;
export const UPLOAD_BODY_LIMIT = 16 * 1024 * 1024;
/** The most of an oversized body read (and thrown away) so that its 413 arrives. */
export const DISCARD_MAX_BYTES = 64 * 1024 * 1024;

/** The error Fastify's own parser raises for a body over the limit: the error handler words it. */
const tooLarge = () => Object.assign(new Error('The request body is larger than the route allows'), { statusCode: 413 });

/** Reads and drops what is left of `payload`, up to the bound; resolves once it ended or the bound was met. */
function discard(payload: Readable, already: number): Promise<void> {
  return new Promise((resolve) => {
    let read = already;
    const done = () => {
      payload.off('data', onData);
      payload.off('end', done);
      payload.off('error', done);
      resolve();
    };
    const onData = (chunk: Buffer) => {
      read += chunk.length;
      if (read > DISCARD_MAX_BYTES) done(); // the rest is cut off with the connection
    };
    payload.on('data', onData);
    payload.once('end', done);
    payload.once('error', done);
    payload.resume();
  });
}

/** Passes a body of unknown length through up to `limit`; past it, drains the rest and fails with 413. */
class LimitedBody extends Transform {
  private passed = 0;
  private over = false;

  constructor(
    private readonly source: Readable,
    private readonly limit: number,
  ) {
    super();
    // pipe() passes no failure on: a client that goes away mid-body fails the body too
    source.once('error', (error) => this.destroy(error));
    source.once('close', () => {
      if (!source.readableEnded && !this.over) this.destroy(new Error('The request body was cut off'));
    });
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, callback: TransformCallback): void {
    if (this.over) return callback();
    this.passed += chunk.length;
    if (this.passed <= this.limit) return callback(null, chunk);
    this.over = true;
    this.source.unpipe(this);
    void discard(this.source, this.passed).then(() => this.destroy(tooLarge()));
    callback();
  }
}

const limitOf = (request: FastifyRequest): number => request.routeOptions.bodyLimit ?? API_BODY_LIMIT;

/** Installs the draining of oversized bodies on the root; call it before routes are registered. */
export function installBodyLimits(app: FastifyInstance): void {
  app.addHook('preParsing', async (request, _reply, payload) => {
    const declared = request.headers['content-length'];
    if (declared !== undefined) {
      if (Number(declared) <= limitOf(request)) return payload;
      await discard(payload, 0);
      throw tooLarge();
    }
    // No length (chunked): counted as it comes.
    return request.headers['transfer-encoding'] === undefined ? payload : payload.pipe(new LimitedBody(payload, limitOf(request)));
  });
}
