import { checkSection, jsonBytes, nestingDepth, SHADOW_LIMITS, ShadowLimitError } from './shadow-limits';

describe('shadow limits', () => {
  it('measure JSON in UTF-8 bytes', () => {
    expect(jsonBytes({ a: 'ř' })).toBe(Buffer.byteLength('{"a":"ř"}'));
  });

  it('count nesting levels of objects and arrays', () => {
    expect(nestingDepth(1)).toBe(0);
    expect(nestingDepth({})).toBe(1);
    expect(nestingDepth({ a: 1 })).toBe(1);
    expect(nestingDepth({ a: { b: [1, { c: 1 }] } })).toBe(4);
  });

  it('accept a section of exactly 8 KB and 6 levels, refuse one byte or one level more', () => {
    const exactly = (bytes: number) => ({ a: 'x'.repeat(bytes - jsonBytes({ a: '' })) });
    expect(jsonBytes(exactly(SHADOW_LIMITS.maxSectionBytes))).toBe(8192);
    expect(() => checkSection('desired', exactly(8192))).not.toThrow();
    expect(() => checkSection('desired', exactly(8193))).toThrow(expect.objectContaining({ limit: 'tooLarge' }) as ShadowLimitError);
    const six = { a: { b: { c: { d: { e: { f: 1 } } } } } };
    expect(() => checkSection('reported', six)).not.toThrow();
    expect(() => checkSection('reported', { z: six })).toThrow(expect.objectContaining({ limit: 'tooDeep' }) as ShadowLimitError);
  });
});
