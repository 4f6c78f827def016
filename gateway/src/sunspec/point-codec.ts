// One SunSpec point to and from its Modbus registers (big-endian 16-bit words), with the values that
// mean "not implemented" for each type (SunSpec Information Model Specification, table of types).
import type { PointDef, PointType } from './model-defs';

export type RawValue = number | bigint | string;

const NOT_IMPLEMENTED: Partial<Record<PointType, bigint>> = {
  int16: 0x8000n,
  uint16: 0xffffn,
  enum16: 0xffffn,
  bitfield16: 0xffffn,
  sunssf: 0x8000n,
  count: 0xffffn,
  int32: 0x80000000n,
  uint32: 0xffffffffn,
  enum32: 0xffffffffn,
  bitfield32: 0xffffffffn,
  int64: 0x8000000000000000n,
  uint64: 0xffffffffffffffffn,
  bitfield64: 0xffffffffffffffffn,
  // An accumulator at 0 is one that does not accumulate.
  acc16: 0n,
  acc32: 0n,
  acc64: 0n,
  ipaddr: 0n,
  eui48: 0xffffffffffffn,
};

const SIGNED: ReadonlySet<PointType> = new Set(['int16', 'int32', 'int64', 'sunssf']);

/** The registers as one unsigned big integer (first register most significant). */
function wordsToBig(words: readonly number[]): bigint {
  let value = 0n;
  for (const word of words) value = (value << 16n) | BigInt(word & 0xffff);
  return value;
}

function bigToWords(value: bigint, size: number): number[] {
  const words = new Array<number>(size);
  for (let i = size - 1; i >= 0; i--) {
    words[i] = Number(value & 0xffffn);
    value >>= 16n;
  }
  return words;
}

const asNumber = (value: bigint): number | bigint =>
  value >= BigInt(Number.MIN_SAFE_INTEGER) && value <= BigInt(Number.MAX_SAFE_INTEGER) ? Number(value) : value;

/**
 * The point's raw value from its registers, or null when the device says it is not implemented.
 * Integers are numbers (bigint past 2^53), strings are trimmed of their NUL padding.
 */
export function decodePoint(point: Pick<PointDef, 'type' | 'size'>, words: readonly number[]): RawValue | null {
  const { type, size } = point;
  if (words.length !== size) throw new Error(`a ${type} point of ${size} registers was given ${words.length}`);
  if (type === 'pad') return null;
  if (type === 'string') {
    if (words.every((w) => w === 0)) return null;
    const bytes = Buffer.alloc(size * 2);
    words.forEach((w, i) => bytes.writeUInt16BE(w & 0xffff, i * 2));
    const end = bytes.indexOf(0);
    return bytes
      .subarray(0, end === -1 ? bytes.length : end)
      .toString('latin1')
      .trim();
  }
  if (type === 'float32' || type === 'float64') {
    const bytes = Buffer.alloc(size * 2);
    words.forEach((w, i) => bytes.writeUInt16BE(w & 0xffff, i * 2));
    const value = type === 'float32' ? bytes.readFloatBE(0) : bytes.readDoubleBE(0);
    return Number.isNaN(value) ? null : value;
  }
  if (type === 'ipv6addr') return words.every((w) => w === 0) ? null : words.map((w) => w.toString(16)).join(':');
  const unsigned = wordsToBig(words);
  if (NOT_IMPLEMENTED[type] === unsigned) return null;
  if (!SIGNED.has(type)) return asNumber(unsigned);
  const bits = BigInt(size * 16);
  const signed = unsigned >= 1n << (bits - 1n) ? unsigned - (1n << bits) : unsigned;
  return asNumber(signed);
}

const WRITABLE_TYPES: ReadonlySet<PointType> = new Set([
  'int16',
  'int32',
  'int64',
  'uint16',
  'uint32',
  'uint64',
  'enum16',
  'enum32',
  'bitfield16',
  'bitfield32',
]);

/** The registers for a raw value; throws when the value does not fit the type. */
export function encodePoint(point: Pick<PointDef, 'type' | 'size' | 'name'>, raw: number): number[] {
  const { type, size, name } = point;
  if (!WRITABLE_TYPES.has(type)) throw new Error(`${name}: a ${type} point is not written`);
  if (!Number.isInteger(raw)) throw new Error(`${name}: ${raw} is not a whole number of its unit`);
  const bits = BigInt(size * 16);
  const signed = SIGNED.has(type);
  const min = signed ? -(1n << (bits - 1n)) : 0n;
  const max = signed ? (1n << (bits - 1n)) - 1n : (1n << bits) - 1n;
  const value = BigInt(raw);
  const unsigned = value < 0n ? value + (1n << bits) : value;
  // A value that reads back as "not implemented" is no value either.
  if (value < min || value > max || NOT_IMPLEMENTED[type] === unsigned) {
    throw new Error(`${name}: ${raw} is outside what a ${type} point holds`);
  }
  return bigToWords(unsigned, size);
}

/** The registers that say "not implemented" for a point of this type (all zero for strings and accumulators). */
export function notImplementedWords(point: Pick<PointDef, 'type' | 'size'>): number[] {
  const marker = NOT_IMPLEMENTED[point.type];
  if (point.type === 'float32') return [0x7fc0, 0];
  return marker === undefined ? new Array<number>(point.size).fill(0) : bigToWords(marker, point.size);
}

/** Applies a scale factor exponent: raw × 10^sf, rounded to what the exponent can express. */
export function scaled(raw: number, sf: number): number {
  if (sf === 0) return raw;
  const value = raw * 10 ** sf;
  return sf < 0 ? Number(value.toFixed(-sf)) : value;
}

/** The raw integer a device stores for a value at a scale factor (rounded to the nearest step). */
export function unscaled(value: number, sf: number): number {
  return Math.round(sf === 0 ? value : Number((value / 10 ** sf).toFixed(6)));
}
