import * as browserRule from './password-policy';
import * as serverRule from '../../../server/src/identity/password-policy';

describe('the browser password rule', () => {
  it('is the server module itself, not a copy', () => {
    expect(browserRule.checkPassword).toBe(serverRule.checkPassword);
    expect(browserRule.PASSWORD_MIN_LENGTH).toBe(12);
  });

  it('reports the broken rules in order', () => {
    expect(browserRule.checkPassword('abc')).toEqual({ ok: false, failures: ['minLength', 'uppercase', 'digit', 'symbol'] });
    expect(browserRule.checkPassword('Slunecni-elektrarna-7')).toEqual({ ok: true, failures: [] });
  });
});
