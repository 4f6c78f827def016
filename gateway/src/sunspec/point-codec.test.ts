import { decodePoint, encodePoint, notImplementedWords, scaled, unscaled } from './point-codec';

describe('SunSpec points to and from registers', () => {
  it('reads signed and unsigned integers big-endian, across registers', () => {
    expect(decodePoint({ type: 'int16', size: 1 }, [0xfff6])).toBe(-10);
    expect(decodePoint({ type: 'uint16', size: 1 }, [0xfff6])).toBe(65526);
    expect(decodePoint({ type: 'acc32', size: 2 }, [0x0001, 0x86a0])).toBe(100000);
    expect(decodePoint({ type: 'int32', size: 2 }, [0xffff, 0xfffe])).toBe(-2);
    expect(decodePoint({ type: 'sunssf', size: 1 }, [0xfffe])).toBe(-2);
    expect(decodePoint({ type: 'uint64', size: 4 }, [0x0020, 0, 0, 1])).toBe(9007199254740993n);
  });

  it('says "not implemented" for each type’s marker', () => {
    expect(decodePoint({ type: 'int16', size: 1 }, [0x8000])).toBeNull();
    expect(decodePoint({ type: 'uint16', size: 1 }, [0xffff])).toBeNull();
    expect(decodePoint({ type: 'enum16', size: 1 }, [0xffff])).toBeNull();
    expect(decodePoint({ type: 'sunssf', size: 1 }, [0x8000])).toBeNull();
    expect(decodePoint({ type: 'acc32', size: 2 }, [0, 0])).toBeNull();
    expect(decodePoint({ type: 'bitfield32', size: 2 }, [0xffff, 0xffff])).toBeNull();
    expect(decodePoint({ type: 'string', size: 4 }, [0, 0, 0, 0])).toBeNull();
    expect(decodePoint({ type: 'float32', size: 2 }, notImplementedWords({ type: 'float32', size: 2 }))).toBeNull();
    for (const type of ['int16', 'uint16', 'acc32', 'int64', 'bitfield16'] as const) {
      const size = type === 'acc32' ? 2 : type === 'int64' ? 4 : 1;
      expect(decodePoint({ type, size }, notImplementedWords({ type, size }))).toBeNull();
    }
  });

  it('reads strings without their NUL padding', () => {
    expect(decodePoint({ type: 'string', size: 4 }, [0x4865, 0x6c69, 0x6f00, 0])).toBe('Helio');
  });

  it('writes only what the type holds, never a "not implemented" marker', () => {
    expect(encodePoint({ name: 'W', type: 'int16', size: 1 }, -10)).toEqual([0xfff6]);
    expect(encodePoint({ name: 'X', type: 'uint32', size: 2 }, 100000)).toEqual([0x0001, 0x86a0]);
    expect(() => encodePoint({ name: 'Pct', type: 'uint16', size: 1 }, 65535)).toThrow('outside');
    expect(() => encodePoint({ name: 'Pct', type: 'uint16', size: 1 }, -1)).toThrow('outside');
    expect(() => encodePoint({ name: 'W', type: 'int16', size: 1 }, -32768)).toThrow('outside');
    expect(() => encodePoint({ name: 'Pct', type: 'uint16', size: 1 }, 1.5)).toThrow('whole number');
    expect(() => encodePoint({ name: 'SN', type: 'string', size: 8 }, 1)).toThrow('not written');
  });

  it('applies scale factors both ways, rounded to the step the factor allows', () => {
    expect(scaled(4321, -1)).toBe(432.1);
    expect(scaled(5001, -2)).toBe(50.01);
    expect(scaled(432, 1)).toBe(4320);
    expect(unscaled(432.1, -1)).toBe(4321);
    expect(unscaled(55.55, -1)).toBe(556);
    expect(unscaled(4320, 1)).toBe(432);
  });
});
