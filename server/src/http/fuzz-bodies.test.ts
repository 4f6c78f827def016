import { fuzzBodies } from './fuzz-bodies';

describe('fuzz bodies from a schema', () => {
  const schema = {
    type: 'object',
    required: ['id', 'limit'],
    properties: { id: { type: 'string', minLength: 1 }, limit: { type: 'integer' }, tags: { type: 'array', items: { type: 'string' } } },
  };
  const cases = fuzzBodies(schema);
  const named = (name: string) => cases.find((c) => c.name === name)?.body as Record<string, unknown>;

  it('drops each required field in turn, keeping the rest valid', () => {
    expect(named('without required id')).toEqual({ limit: 0 });
    expect(named('without required limit')).toEqual({ id: 'x' });
  });

  it('gives every field a wrong type, a huge string and array, deep nesting and odd unicode', () => {
    expect(named('id: wrong type').id).toBe(12345);
    expect(named('limit: wrong type').limit).toBe('NaN');
    expect((named('id: a string of 200000 characters').id as string).length).toBe(200_000);
    expect((named('tags: an array of 50000').tags as unknown[]).length).toBe(50_000);
    expect((named('tags: an array of 50000 wrong items').tags as unknown[])[0]).toBe(12345);
    expect(named('id: NUL, a lone surrogate, a direction override, emoji').id).toContain('\ud800');
  });

  it('tries the limits of numbers only on number fields', () => {
    expect(named('limit: the number 1e+308').limit).toBe(1e308);
    expect(cases.some((c) => c.name.startsWith('id: the number'))).toBe(false);
  });

  it('stays under the API body limit of 1 MB for every case', () => {
    for (const c of cases) expect(Buffer.byteLength(JSON.stringify(c.body))).toBeLessThan(1024 * 1024);
  });
});
