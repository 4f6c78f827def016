import { ApiError } from '@helio/shared-utils';
import { errorTextOf, SHARED_TEXT } from './api-error-text';

describe('errorTextOf', () => {
  it('names the last-admin refusal, taken names and wrong passwords by their codes', () => {
    expect(errorTextOf(new ApiError(409, 'LastAdministrator', 'The tenant must keep at least one active owner'))).toEqual({
      key: 'errors.lastAdministrator',
    });
    expect(errorTextOf(new ApiError(409, 'UserExists', 'x')).key).toBe('errors.userExists');
    expect(errorTextOf(new ApiError(409, 'RoleExists', 'x')).key).toBe('errors.roleExists');
    expect(errorTextOf(new ApiError(400, 'IncorrectPassword', 'x')).key).toBe('errors.incorrectPassword');
  });

  it('tells the assigned-role refusal from other conflicts by its user count', () => {
    expect(errorTextOf(new ApiError(409, 'Conflict', 'assigned', { userCount: 2 }))).toEqual({
      key: 'errors.roleAssigned',
      values: { count: 2 },
    });
    expect(errorTextOf(new ApiError(409, 'Conflict', 'You cannot delete your own account'))).toEqual({ key: SHARED_TEXT });
  });

  it('tells a reused password from a password that breaks the rule', () => {
    expect(errorTextOf(new ApiError(400, 'InvalidPassword', 'x', { messageKey: 'passwordReused' })).key).toBe('errors.passwordReused');
    expect(errorTextOf(new ApiError(400, 'InvalidPassword', 'x', { messageKey: 'passwordPolicy', failures: ['digit'] })).key).toBe(
      'errors.passwordPolicy',
    );
  });

  it('says when to try again after a lockout, in whole minutes', () => {
    expect(errorTextOf(new ApiError(429, 'TooManyAttempts', 'x', { retryAfterSeconds: 61 }))).toEqual({
      key: 'errors.tooManyAttempts',
      values: { minutes: 2 },
    });
  });

  it('leaves failures it does not know to the shared sentence (never the server message), and names an unreachable server', () => {
    expect(errorTextOf(new ApiError(0, 'NetworkError', 'down'))).toEqual({ key: 'errors.network' });
    expect(errorTextOf(new ApiError(400, 'BadRequest', 'body/email must match format "email"'))).toEqual({ key: SHARED_TEXT });
    expect(errorTextOf(new ApiError(403, 'Forbidden', 'x', { permission: 'users:write' }))).toEqual({ key: SHARED_TEXT });
    expect(errorTextOf(new TypeError('boom')).key).toBe(SHARED_TEXT);
  });
});
