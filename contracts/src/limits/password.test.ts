import { PASSWORD_POLICY_MESSAGE, PASSWORD_POLICY_MESSAGE_KEY, checkPassword } from './password';

describe('password policy', () => {
  it('accepts 12+ characters with an uppercase and a lowercase letter, a digit and a symbol', () => {
    expect(checkPassword('Helio-admin-2024!')).toEqual({ ok: true, failures: [] });
    expect(checkPassword('Abcdefghij1!')).toEqual({ ok: true, failures: [] });
  });

  it('refuses 11 characters and names the broken rule', () => {
    expect(checkPassword('Abcdefghi1!')).toEqual({ ok: false, failures: ['minLength'] });
  });

  it('names every missing character class', () => {
    expect(checkPassword('abcdefghijklmn')).toEqual({ ok: false, failures: ['uppercase', 'digit', 'symbol'] });
    expect(checkPassword('ABCDEFGHIJ12!')).toEqual({ ok: false, failures: ['lowercase'] });
    expect(checkPassword('Abcdefghijk!')).toEqual({ ok: false, failures: ['digit'] });
    expect(checkPassword('Abcdefghijk1')).toEqual({ ok: false, failures: ['symbol'] });
  });

  it('does not count white space as a symbol', () => {
    expect(checkPassword('Abcdefghij 12').failures).toEqual(['symbol']);
  });

  it('counts Czech letters with diacritics as letters of their case', () => {
    expect(checkPassword('Žluťoučký kůň 1!').ok).toBe(true);
    expect(checkPassword('ŽLUŤOUČKÝ KŮŇ 1!').failures).toEqual(['lowercase']);
  });

  it('counts characters, not UTF-16 units: 11 emoji-containing characters are too short', () => {
    expect(checkPassword('Abcdefgh1!😀')).toEqual({ ok: false, failures: ['minLength'] });
  });

  it('refuses more than 256 characters', () => {
    expect(checkPassword(`Aa1!${'x'.repeat(253)}`).failures).toEqual(['maxLength']);
    expect(checkPassword(`Aa1!${'x'.repeat(252)}`).ok).toBe(true);
  });

  it('has one message key and an English message naming the rule', () => {
    expect(PASSWORD_POLICY_MESSAGE_KEY).toBe('passwordPolicy');
    expect(PASSWORD_POLICY_MESSAGE).toMatch(/12 to 256 characters/);
  });
});
