import { brokenTextAt } from './text-guard';

describe('broken text in a request body', () => {
  it('finds the NUL character and half surrogate pairs, naming the field', () => {
    expect(brokenTextAt({ name: 'a\u0000b' })).toBe('name');
    expect(brokenTextAt({ list: ['ok', 'x\ud800'] })).toBe('list[1]');
    expect(brokenTextAt({ deep: { note: '\udc00 lone low half' } })).toBe('deep.note');
    expect(brokenTextAt({ ['key\u0000']: 1 })).toBe('key\u0000');
    expect(brokenTextAt({ a: { ['b\u0000']: 1 } })).toBe('a.b\u0000');
    expect(brokenTextAt([[['ok', '\u0000']]])).toBe('[0][0][1]');
    expect(brokenTextAt({ rows: [{ cells: ['x', { note: '\ud800' }] }] })).toBe('rows[0].cells[1].note');
    expect(brokenTextAt('\u0000')).toBe('(body)');
  });

  it('lets through every real character: Czech, emoji (whole surrogate pairs), direction marks', () => {
    expect(brokenTextAt({ name: 'Fotovoltaika Líšeň 💥 \u202e', n: 5, ok: true, none: null })).toBeNull();
  });
});
