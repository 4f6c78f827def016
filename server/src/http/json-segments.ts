// Large JSON answers put together from pieces that are kept (serialized and compressed once) and
// pieces made for the request. gzip of a 1.2 MB series answer costs more than the rest of it, so a
// kept piece also keeps its deflate blocks: each piece is compressed on its own and ends on a byte
// boundary (a sync flush), and deflate blocks of separate compressors placed one after the other form
// one valid deflate stream (what pigz does). The gzip frame around them carries the CRC-32 and length
// of the whole text.
import { constants, crc32, deflateRawSync, type ZlibOptions } from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { acceptsGzip, gzipOptionsFor, MIN_BYTES } from './compression';

/** JSON text kept across requests, with its deflate blocks made on first use. */
export class JsonPiece {
  readonly bytes: Buffer;
  private deflated: Buffer | undefined;

  constructor(readonly text: string) {
    this.bytes = Buffer.from(text);
  }

  /** Raw deflate blocks of the text, ending on a byte boundary and not final. */
  deflate(options: ZlibOptions): Buffer {
    this.deflated ??= deflateRawSync(this.bytes, { ...options, finishFlush: constants.Z_SYNC_FLUSH });
    return this.deflated;
  }
}

export type JsonSegment = string | JsonPiece;

export function segmentsText(segments: readonly JsonSegment[]): string {
  return segments.map((s) => (typeof s === 'string' ? s : s.text)).join('');
}

const GZIP_HEADER = Buffer.from([0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 0, 255]); // deflate, no name, no time, unknown OS

/** One gzip member of the segments' text: kept pieces as kept, text between them compressed now. */
export function gzipSegments(segments: readonly JsonSegment[], options: ZlibOptions): Buffer {
  const parts: Buffer[] = [GZIP_HEADER];
  let crc = 0;
  let size = 0;
  let text = '';
  const flushText = (final: boolean) => {
    const bytes = Buffer.from(text);
    text = '';
    parts.push(deflateRawSync(bytes, final ? options : { ...options, finishFlush: constants.Z_SYNC_FLUSH }));
    // (crc32 of no bytes answered 0 under jest, whatever the running value: skip it)
    if (bytes.length > 0) crc = crc32(bytes, crc);
    size += bytes.length;
  };
  for (const segment of segments) {
    if (typeof segment === 'string') {
      text += segment;
      continue;
    }
    if (text) flushText(false);
    parts.push(segment.deflate(options));
    if (segment.bytes.length > 0) crc = crc32(segment.bytes, crc);
    size += segment.bytes.length;
  }
  flushText(true); // the last blocks (final bit set), possibly of no text
  const trailer = Buffer.alloc(8);
  trailer.writeUInt32LE(crc >>> 0, 0);
  trailer.writeUInt32LE(size % 2 ** 32, 4);
  parts.push(trailer);
  return Buffer.concat(parts);
}

/**
 * Sends the segments as a JSON answer, gzipped as the compression hook would (same level, same
 * minimum size, same Vary) but without compressing the kept pieces again.
 */
export function sendJsonSegments(request: FastifyRequest, reply: FastifyReply, segments: readonly JsonSegment[]): FastifyReply {
  const type = 'application/json; charset=utf-8';
  reply.type(type);
  let bytes = 0;
  for (const s of segments) bytes += typeof s === 'string' ? Buffer.byteLength(s) : s.bytes.length;
  if (bytes < MIN_BYTES || !acceptsGzip(request)) return reply.send(segmentsText(segments));
  const vary = reply.getHeader('vary');
  reply.header('vary', vary ? `${String(vary)}, Accept-Encoding` : 'Accept-Encoding').header('content-encoding', 'gzip');
  return reply.send(gzipSegments(segments, gzipOptionsFor(type)));
}
