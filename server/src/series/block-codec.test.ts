// A packed block gives back every sample bit for bit: the codec is the only copy of a packed hour.
import { packBlock, unpackBlock, type PackedSample } from './block-codec';

const HOUR = Date.parse('2026-03-29T01:00:00Z');

/** Same times and the same 64 bits of every value (Object.is tells NaN and -0 apart where === does not). */
function expectExact(samples: readonly PackedSample[]): Uint8Array {
  const block = packBlock(samples);
  const back = unpackBlock(block);
  expect(back.map((s) => s.ts)).toEqual(samples.map((s) => s.ts));
  back.forEach((s, i) => {
    const bits = (v: number) => Buffer.from(new Float64Array([v]).buffer).toString('hex');
    expect(bits(s.value)).toBe(bits(samples[i]!.value));
  });
  return block;
}

/** A deterministic pseudo-random sequence (a test must not depend on Math.random). */
function lcg(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2 ** 31;
    return state / 2 ** 31;
  };
}

describe('block codec', () => {
  it('round-trips an empty block and a single sample', () => {
    expect(unpackBlock(packBlock([]))).toEqual([]);
    expectExact([{ ts: HOUR, value: 1234.5 }]);
  });

  it('round-trips NaN, both zeros, infinities and the extremes of a double', () => {
    const values = [
      NaN,
      0,
      -0,
      0,
      Infinity,
      -Infinity,
      Number.MAX_VALUE,
      -Number.MAX_VALUE,
      Number.MIN_VALUE,
      -Number.MIN_VALUE,
      5e-324,
      1e308,
      1e-308,
      -0,
      NaN,
    ];
    expectExact(values.map((value, i) => ({ ts: HOUR + i * 5000, value })));
  });

  it('round-trips huge and tiny values in a series of decimals (scaled integers) and of full doubles (XOR)', () => {
    const next = lcg(7);
    const decimals = Array.from({ length: 720 }, (_, i) => ({ ts: HOUR + i * 5000, value: Math.round(next() * 1e6) / 100 }));
    const doubles = Array.from({ length: 720 }, (_, i) => ({ ts: HOUR + i * 5000, value: (next() - 0.5) * 10 ** ((i % 40) - 20) }));
    const edge = [2 ** 51, -(2 ** 51), 2 ** 51 + 2, 2 ** 53, 0.000001, 123456.123456, -1e-7].map((value, i) => ({ ts: HOUR + i, value }));
    expectExact(decimals);
    expectExact([1.5, -0, 2, 0, -0].map((value, i) => ({ ts: HOUR + i, value }))); // -0 among decimals: no integer gives it back
    expectExact(doubles);
    expectExact(edge);
  });

  it('round-trips irregular, unsorted and repeated timestamps and repeated values', () => {
    const next = lcg(11);
    let ts = HOUR;
    const irregular = Array.from({ length: 500 }, () => ({ ts: (ts += Math.floor(next() * 90_000)), value: 3 }));
    const unsorted = [HOUR + 50, HOUR, HOUR + 3_599_999, HOUR + 7, HOUR + 7, HOUR - 2 ** 49, 2 ** 50 - 1, -(2 ** 50) + 1, 0].map(
      (t, i) => ({
        ts: t,
        value: i % 2 ? 1.5 : -2.25,
      }),
    );
    const duplicates = [HOUR, HOUR, HOUR, HOUR + 5000, HOUR + 5000].map((t) => ({ ts: t, value: 230.1 }));
    expectExact(irregular);
    expectExact(unsorted);
    expectExact(duplicates);
  });

  it('refuses a timestamp it could not give back exactly', () => {
    expect(() => packBlock([{ ts: 2 ** 50, value: 1 }])).toThrow(RangeError);
    expect(() => packBlock([{ ts: HOUR + 0.5, value: 1 }])).toThrow(RangeError);
  });

  it('packs an hour of a steady 5-second series of one decimal into a few dozen bytes', () => {
    const next = lcg(3);
    let value = 2000;
    const hour = Array.from({ length: 720 }, (_, i) => ({
      ts: HOUR + i * 5000,
      value: (value = Math.round(value * 10 + (next() - 0.5) * 40) / 10),
    }));
    const block = expectExact(hour);
    // one decimal moving by up to ±2 W: about a byte a delta before deflate, the times nothing
    expect(block.length).toBeLessThan(720);
  });
});
