// Packs the samples of one series period into a block of bytes, as Gorilla (Pelkonen et al., VLDB
// 2015) and TimescaleDB's compression do: timestamps as delta-of-deltas (a steady report interval is
// all zeros), values either as scaled integers (a value of a few decimals is an integer times 10^-k,
// stored as zig-zag varint deltas) or, where that cannot be exact, as the XOR of each value's bits with
// the one before (a slowly moving float shares its sign, exponent and high mantissa). Then zlib's
// deflate, kept only where it makes the block smaller. Unpacking gives back every sample bit for bit, in
// the order given (NaN, -0, duplicates and unsorted times included).
import { deflateRawSync, inflateRawSync } from 'node:zlib';

export interface PackedSample {
  ts: number;
  value: number;
}

const VERSION = 1;
const DEFLATED = 1;
const VALUES_SCALED = 0;
const VALUES_XOR = 1;
/** Timestamps are integers within ±2^50 ms (±35,000 years): their delta-of-deltas stay exact doubles. */
const MAX_TS = 2 ** 50;
/** Scaled values stay within ±2^51 so their deltas' zig-zag stays below 2^53. */
const MAX_SCALED = 2 ** 51;
/** Decimals tried for the scaled-integer form. */
const MAX_DECIMALS = 6;

/** Bytes that grow as written. */
class ByteSink {
  private bytes = new Uint8Array(256);
  length = 0;

  push(byte: number): void {
    if (this.length === this.bytes.length) {
      const grown = new Uint8Array(this.bytes.length * 2);
      grown.set(this.bytes);
      this.bytes = grown;
    }
    this.bytes[this.length++] = byte;
  }

  /** An unsigned integer below 2^53, seven bits a byte (arithmetic, not bit operators: those are 32-bit). */
  varint(n: number): void {
    while (n >= 128) {
      this.push((n % 128) + 128);
      n = Math.floor(n / 128);
    }
    this.push(n);
  }

  /** A signed integer within ±2^52, zig-zagged so small magnitudes of either sign take few bytes. */
  signed(n: number): void {
    this.varint(n >= 0 ? n * 2 : -n * 2 - 1);
  }

  done(): Uint8Array {
    return this.bytes.subarray(0, this.length);
  }
}

class ByteSource {
  offset = 0;
  constructor(private readonly bytes: Uint8Array) {}

  byte(): number {
    if (this.offset >= this.bytes.length) throw new RangeError('block: truncated');
    return this.bytes[this.offset++]!;
  }

  varint(): number {
    if (this.offset < this.bytes.length && this.bytes[this.offset]! < 128) return this.bytes[this.offset++]!; // most deltas
    let n = 0;
    let scale = 1;
    for (;;) {
      const b = this.byte();
      n += (b % 128) * scale;
      if (b < 128) return n;
      scale *= 128;
    }
  }

  signed(): number {
    const z = this.varint();
    return z % 2 === 0 ? z / 2 : -(z + 1) / 2;
  }

  rest(): Uint8Array {
    return this.bytes.subarray(this.offset);
  }
}

/** Bits, most significant first. */
class BitSink {
  private readonly sink = new ByteSink();
  private current = 0;
  private used = 0;

  /** The low `n` bits of `value` (n ≤ 32), a byte's worth at a time. */
  write(value: number, n: number): void {
    while (n > 0) {
      const take = Math.min(8 - this.used, n);
      n -= take;
      this.current = (this.current << take) | ((value >>> n) & ((1 << take) - 1));
      this.used += take;
      if (this.used === 8) {
        this.sink.push(this.current);
        this.current = 0;
        this.used = 0;
      }
    }
  }

  done(): Uint8Array {
    if (this.used > 0) this.write(0, 8 - this.used);
    return this.sink.done();
  }
}

class BitSource {
  private offset = 0;
  private bit = 0;
  constructor(private readonly bytes: Uint8Array) {}

  /** `n` bits (n ≤ 32) as an unsigned number, a byte's worth at a time. */
  read(n: number): number {
    let value = 0;
    while (n > 0) {
      if (this.offset >= this.bytes.length) throw new RangeError('block: truncated');
      const available = 8 - this.bit;
      const take = Math.min(available, n);
      // multiplied, not shifted: 32 bits would overflow a signed 32-bit shift
      value = value * (1 << take) + ((this.bytes[this.offset]! >>> (available - take)) & ((1 << take) - 1));
      n -= take;
      this.bit += take;
      if (this.bit === 8) {
        this.bit = 0;
        this.offset++;
      }
    }
    return value;
  }
}

const float = new DataView(new ArrayBuffer(8));

/** A double's 64 bits as two unsigned 32-bit halves. */
function bitsOf(value: number): [number, number] {
  float.setFloat64(0, value);
  return [float.getUint32(0), float.getUint32(4)];
}

function valueOf(hi: number, lo: number): number {
  float.setUint32(0, hi);
  float.setUint32(4, lo);
  return float.getFloat64(0);
}

const leadingZeros = (hi: number, lo: number) => (hi !== 0 ? Math.clz32(hi) : 32 + Math.clz32(lo));
const ctz32 = (x: number) => (x === 0 ? 32 : 31 - Math.clz32(x & -x));
const trailingZeros = (hi: number, lo: number) => (lo !== 0 ? ctz32(lo) : 32 + ctz32(hi));

/** Bits [trailing, trailing + length) of the 64-bit (hi, lo), written as `length` bits. */
function writeWindow(bits: BitSink, hi: number, lo: number, trailing: number, length: number): void {
  // shift right by `trailing`
  let h = hi;
  let l = lo;
  if (trailing >= 32) {
    l = h >>> (trailing - 32);
    h = 0;
  } else if (trailing > 0) {
    l = ((l >>> trailing) | (h << (32 - trailing))) >>> 0;
    h = h >>> trailing;
  }
  if (length > 32) {
    bits.write(h, length - 32);
    bits.write(l, 32);
  } else bits.write(l, length);
}

function readWindow(bits: BitSource, trailing: number, length: number): [number, number] {
  let h = length > 32 ? bits.read(length - 32) : 0;
  let l = bits.read(Math.min(length, 32));
  // shift left by `trailing`
  if (trailing >= 32) {
    h = (l << (trailing - 32)) >>> 0;
    l = 0;
  } else if (trailing > 0) {
    h = ((h << trailing) | (l >>> (32 - trailing))) >>> 0;
    l = (l << trailing) >>> 0;
  }
  return [h, l];
}

/** Gorilla's value encoding: '0' same bits; '10' the previous window; '11' + 6 bits leading, 6 bits length - 1, the bits. */
function xorValues(values: readonly number[]): Uint8Array {
  const bits = new BitSink();
  let [prevHi, prevLo] = [0, 0];
  let lead = -1;
  let trail = 0;
  values.forEach((value, i) => {
    const [hi, lo] = bitsOf(value);
    if (i === 0) {
      bits.write(hi, 32);
      bits.write(lo, 32);
    } else {
      const xh = (hi ^ prevHi) >>> 0;
      const xl = (lo ^ prevLo) >>> 0;
      if (xh === 0 && xl === 0) bits.write(0, 1);
      else {
        const l = leadingZeros(xh, xl);
        const t = trailingZeros(xh, xl);
        if (lead >= 0 && l >= lead && t >= trail) {
          bits.write(0b10, 2);
          writeWindow(bits, xh, xl, trail, 64 - lead - trail);
        } else {
          lead = l;
          trail = t;
          bits.write(0b11, 2);
          bits.write(lead, 6);
          bits.write(64 - lead - trail - 1, 6);
          writeWindow(bits, xh, xl, trail, 64 - lead - trail);
        }
      }
    }
    [prevHi, prevLo] = [hi, lo];
  });
  return bits.done();
}

/** Gorilla's values into `values` (as many as it holds). */
function unXorValues(bytes: Uint8Array, values: Float64Array): void {
  const bits = new BitSource(bytes);
  let hi = 0;
  let lo = 0;
  let lead = 0;
  let trail = 0;
  for (let i = 0; i < values.length; i++) {
    if (i === 0) {
      hi = bits.read(32);
      lo = bits.read(32);
    } else if (bits.read(1) === 1) {
      if (bits.read(1) === 1) {
        lead = bits.read(6);
        trail = 64 - lead - (bits.read(6) + 1);
      }
      const [xh, xl] = readWindow(bits, trail, 64 - lead - trail);
      hi = (hi ^ xh) >>> 0;
      lo = (lo ^ xl) >>> 0;
    }
    values[i] = valueOf(hi, lo);
  }
}

/** The fewest decimals k at which every value is exactly an integer / 10^k, or undefined. */
function decimalsOf(values: readonly number[]): number | undefined {
  for (let k = 0; k <= MAX_DECIMALS; k++) {
    const scale = 10 ** k;
    const exact = values.every((v) => {
      const n = Math.round(v * scale);
      // -0 is no integer's quotient (0 / 10^k is +0): it goes the XOR way, bit for bit
      return Math.abs(n) <= MAX_SCALED && !Object.is(n, -0) && Object.is(n / scale, v);
    });
    if (exact) return k;
  }
  return undefined;
}

function scaledValues(values: readonly number[], decimals: number): Uint8Array {
  const out = new ByteSink();
  const scale = 10 ** decimals;
  out.push(decimals);
  let previous = 0;
  for (const v of values) {
    const n = Math.round(v * scale);
    out.signed(n - previous);
    previous = n;
  }
  return out.done();
}

function payload(samples: readonly PackedSample[], valueMode: number, values: Uint8Array): Uint8Array {
  const out = new ByteSink();
  out.varint(samples.length);
  let previousTs = 0;
  let previousDelta = 0;
  for (const { ts } of samples) {
    const delta = ts - previousTs;
    out.signed(delta - previousDelta);
    previousTs = ts;
    previousDelta = delta;
  }
  out.push(valueMode);
  for (const b of values) out.push(b);
  return out.done();
}

/** The smaller of `raw` and its deflated form, behind the version and flag bytes. */
function framed(raw: Uint8Array): Uint8Array {
  const deflated = deflateRawSync(raw, { level: 9 });
  const [flags, body] = deflated.length < raw.length ? [DEFLATED, deflated] : [0, raw];
  const block = new Uint8Array(2 + body.length);
  block[0] = VERSION;
  block[1] = flags;
  block.set(body, 2);
  return block;
}

/** Packs samples into one block; whichever value form ends smaller is kept. */
export function packBlock(samples: readonly PackedSample[]): Uint8Array {
  for (const { ts } of samples)
    if (!Number.isInteger(ts) || Math.abs(ts) >= MAX_TS) throw new RangeError(`block: timestamp ${ts} is not an integer within ±2^50`);
  const values = samples.map((s) => s.value);
  const candidates = [framed(payload(samples, VALUES_XOR, xorValues(values)))];
  const decimals = decimalsOf(values);
  if (decimals !== undefined) candidates.push(framed(payload(samples, VALUES_SCALED, scaledValues(values, decimals))));
  return candidates.reduce((best, c) => (c.length < best.length ? c : best));
}

export function unpackBlock(block: Uint8Array): PackedSample[] {
  const samples: PackedSample[] = [];
  unpackBlockRange(block, -Infinity, Infinity, samples);
  return samples;
}

/**
 * Appends to `out` the block's samples with `from` ≤ ts < `to`, in the block's order. A reader of part
 * of a day block makes no sample outside its range: times go to a typed array first, scaled values
 * are made as they are read, and a sample is an object only once it is kept (a raw day of one metric
 * reads two day blocks, half of them outside the day asked for).
 */
export function unpackBlockRange(block: Uint8Array, from: number, to: number, out: PackedSample[]): void {
  if (block[0] !== VERSION) throw new RangeError(`block: unknown version ${block[0]}`);
  const body = block.subarray(2);
  const source = new ByteSource(block[1] === DEFLATED ? new Uint8Array(inflateRawSync(body)) : body);
  const count = source.varint();
  const times = new Float64Array(count);
  let ts = 0;
  let delta = 0;
  for (let i = 0; i < count; i++) {
    delta += source.signed();
    ts += delta;
    times[i] = ts;
  }
  const mode = source.byte();
  if (mode === VALUES_SCALED) {
    const scale = 10 ** source.byte();
    let n = 0;
    for (let i = 0; i < count; i++) {
      n += source.signed();
      const t = times[i]!;
      if (t >= from && t < to) out.push({ ts: t, value: n / scale });
    }
    return;
  }
  const values = new Float64Array(count);
  unXorValues(source.rest(), values);
  for (let i = 0; i < count; i++) {
    const t = times[i]!;
    if (t >= from && t < to) out.push({ ts: t, value: values[i]! });
  }
}
