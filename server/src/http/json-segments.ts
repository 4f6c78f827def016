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
/** A final block with fixed codes and nothing in it (BFINAL 1, BTYPE 01, end-of-block code 0000000). */
const EMPTY_FINAL_BLOCK = Buffer.from([0x03, 0x00]);
const MAX_STORED_BYTES = 1024;

/** The header of a stored (uncompressed) block of `bytes`, which starts on a byte boundary here. */
function storedBlock(bytes: Buffer, final: boolean): Buffer {
  const header = Buffer.alloc(5);
  header[0] = final ? 1 : 0; // BFINAL, BTYPE 00, then padding to the byte boundary
  header.writeUInt16LE(bytes.length, 1);
  header.writeUInt16LE(~bytes.length & 0xffff, 3);
  return header;
}

/** One gzip member of the segments' text: kept pieces as kept, text between them compressed now. */
export function gzipSegments(segments: readonly JsonSegment[], options: ZlibOptions): Buffer {
  const parts: Buffer[] = [GZIP_HEADER];
  let crc = 0;
  let size = 0;
  let text = '';
  const flushText = (final: boolean) => {
    const bytes = Buffer.from(text);
    text = '';
    // A few bytes between kept pieces (brackets, commas, a short tail) are not worth a compressor:
    // they go in a stored block, and nothing at all ends the stream with an empty final block.
    if (bytes.length === 0 && final) parts.push(EMPTY_FINAL_BLOCK);
    else if (bytes.length <= MAX_STORED_BYTES) parts.push(storedBlock(bytes, final), bytes);
    else parts.push(deflateRawSync(bytes, final ? options : { ...options, finishFlush: constants.Z_SYNC_FLUSH }));
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
