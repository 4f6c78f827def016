import { checkStatePatch, STATE_LIMITS } from './state-patch';

describe('checkStatePatch', () => {
  it('accepts numbers, strings, booleans, nulls, arrays and nested objects', () => {
    expect(checkStatePatch({ a: 1, b: 'x', c: true, d: null, e: [1, 'y'], f: { g: { h: 2 } } }).ok).toBe(true);
  });

  it('rejects a non-object state', () => {
    for (const bad of [null, 5, 'x', [1]]) expect(checkStatePatch(bad).ok).toBe(false);
  });

  it('rejects keys with dots, dollars or nothing in them', () => {
    for (const key of ['a.b', '$version', '', 'x'.repeat(129)]) {
      expect(checkStatePatch({ [key]: 1 })).toEqual({
        ok: false,
        message: expect.stringContaining('invalid key'),
        reason: 'invalidKey',
        path: key,
      });
    }
  });

  it('rejects __proto__, which the key pattern lets through, anywhere in the patch', () => {
    // as a gateway's report arrives: JSON.parse makes __proto__ an own key
    for (const json of ['{"__proto__":{"x":1}}', '{"a":{"__proto__":1}}']) {
      expect(checkStatePatch(JSON.parse(json))).toMatchObject({
        ok: false,
        reason: 'invalidKey',
        path: expect.stringContaining('__proto__'),
      });
    }
  });

  it('rejects nesting deeper than the limit', () => {
    let deep: Record<string, unknown> = { leaf: 1 };
    for (let i = 0; i < STATE_LIMITS.maxDepth; i++) deep = { n: deep };
    expect(checkStatePatch(deep)).toMatchObject({ ok: false, reason: 'tooDeep', max: STATE_LIMITS.maxDepth });
  });

  it('rejects over-long strings and arrays', () => {
    expect(checkStatePatch({ s: 'x'.repeat(STATE_LIMITS.maxStringLength + 1) }).ok).toBe(false);
    expect(checkStatePatch({ a: new Array(STATE_LIMITS.maxArrayLength + 1).fill(0) }).ok).toBe(false);
  });
});
