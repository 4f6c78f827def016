import { ApiError } from '@helio/shared-utils';
import { signInFailure, validateSignIn } from './sign-in-form';

describe('sign-in form rules', () => {
  it('requires both fields, and an e-mail with a domain', () => {
    expect(validateSignIn({ email: ' ', password: '' })).toEqual({
      email: 'validation.emailRequired',
      password: 'validation.passwordRequired',
    });
    expect(validateSignIn({ email: 'admin', password: 'x' })).toEqual({ email: 'validation.emailInvalid' });
    expect(validateSignIn({ email: ' admin@helio.local ', password: ' ' })).toEqual({});
  });

  it('maps each failure to its message', () => {
    expect(signInFailure(new ApiError(401, 'NotAuthorized', 'Incorrect username or password'))).toEqual({
      key: 'errors.wrongCredentials',
    });
    expect(signInFailure(new ApiError(403, 'UserDisabled', 'User is disabled'))).toEqual({ key: 'errors.userDisabled' });
    expect(signInFailure(new ApiError(0, 'NetworkError', 'unreachable'))).toEqual({ key: 'errors.unreachable' });
    expect(signInFailure(new ApiError(401, 'PasswordExpired', 'Temporary password has expired'))).toEqual({
      key: 'errors.passwordExpired',
    });
    expect(signInFailure(new ApiError(429, 'TooManyAttempts', 'wait', { retryAfterSeconds: 60 }))).toEqual({
      key: 'errors.tooManyAttempts',
      count: 1,
    });
    expect(signInFailure(new ApiError(429, 'TooManyAttempts', 'wait', { retryAfterSeconds: 61 }))).toEqual({
      key: 'errors.tooManyAttempts',
      count: 2,
    });
    expect(signInFailure(new ApiError(429, 'TooManyRequests', 'slow down'))).toEqual({ key: 'errors.tooManyAttemptsLater' });
    expect(signInFailure(new ApiError(403, 'Forbidden', 'Tenant suspended'))).toEqual({
      key: 'errors.generic',
      message: 'K této akci nemáte oprávnění.',
    });
    expect(signInFailure(new Error('Signed out while signing in'))).toEqual({
      key: 'errors.generic',
      message: 'Něco se nepovedlo. Zkuste to znovu; pokud potíže trvají, kontaktujte správce.',
    });
  });
});
