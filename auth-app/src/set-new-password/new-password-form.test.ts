import { ApiError } from '@helio/shared-utils';
import { newPasswordFailure, normalizeCode, validateCodeReset, validateNewPassword } from './new-password-form';

const GOOD = 'Slunecni-elektrarna-7';

describe('new-password form rules', () => {
  it('requires a password that meets the policy, confirmed identically', () => {
    expect(validateNewPassword({ password: '', confirm: '' })).toEqual({
      password: 'validation.newPasswordRequired',
      confirm: 'validation.confirmRequired',
    });
    expect(validateNewPassword({ password: 'short-1A', confirm: 'short-1A' })).toEqual({ password: 'validation.passwordPolicy' });
    expect(validateNewPassword({ password: GOOD, confirm: `${GOOD}x` })).toEqual({ confirm: 'validation.passwordMismatch' });
    expect(validateNewPassword({ password: GOOD, confirm: GOOD })).toEqual({});
  });

  it('in code mode also wants a valid e-mail and a 6-digit code (spaces tolerated)', () => {
    const base = { email: 'jana@helio.local', password: GOOD, confirm: GOOD };
    expect(validateCodeReset({ ...base, email: 'jana', code: '' })).toEqual({
      email: 'validation.emailInvalid',
      code: 'validation.codeRequired',
    });
    expect(validateCodeReset({ ...base, code: '12345' })).toEqual({ code: 'validation.codeInvalid' });
    expect(validateCodeReset({ ...base, code: '12a456' })).toEqual({ code: 'validation.codeInvalid' });
    expect(validateCodeReset({ ...base, code: ' 123 456 ' })).toEqual({});
    expect(normalizeCode(' 123 456 ')).toBe('123456');
  });

  it('maps each server answer to its message', () => {
    const policy = new ApiError(400, 'InvalidPassword', 'Password must be…', {
      messageKey: 'passwordPolicy',
      failures: ['minLength', 'symbol', 'bogus'],
    });
    expect(newPasswordFailure(policy, 'code')).toEqual({ key: 'errors.passwordPolicy', failures: ['minLength', 'symbol'] });
    const reused = new ApiError(400, 'InvalidPassword', 'must differ', { messageKey: 'passwordReused' });
    expect(newPasswordFailure(reused, 'challenge')).toEqual({ key: 'errors.passwordReused' });
    expect(newPasswordFailure(new ApiError(400, 'CodeMismatch', 'Invalid or expired code'), 'code')).toEqual({
      key: 'errors.codeMismatch',
    });
    const expired = new ApiError(401, 'NotAuthorized', 'The sign-in session has expired; sign in again');
    expect(newPasswordFailure(expired, 'challenge')).toEqual({ key: 'errors.challengeExpired' });
    expect(newPasswordFailure(expired, 'code')).toEqual({
      key: 'errors.generic',
      message: 'Přihlášení se nezdařilo: zkontrolujte e-mail a heslo.',
    });
    expect(newPasswordFailure(new ApiError(0, 'NetworkError', 'down'), 'code')).toEqual({ key: 'errors.unreachable' });
  });
});
