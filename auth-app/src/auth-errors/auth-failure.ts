// Which translated message a failed auth call shows. Each form adds its own cases in front of these
// common ones: the server cannot be reached, too many attempts, and anything else (the server's words).
import { ApiError, apiErrorText } from '@helio/shared-utils';
import type { PasswordRule } from '@helio/contracts/limits';

export type AuthFailureKey =
  | 'errors.wrongCredentials'
  | 'errors.userDisabled'
  | 'errors.passwordExpired'
  | 'errors.tooManyAttempts'
  | 'errors.tooManyAttemptsLater'
  | 'errors.resetLocked'
  | 'errors.challengeExpired'
  | 'errors.codeMismatch'
  | 'errors.passwordPolicy'
  | 'errors.passwordReused'
  | 'errors.unreachable'
  | 'errors.generic';

export interface AuthFailure {
  key: AuthFailureKey;
  /** the server's message, for errors.generic */
  message?: string;
  /** whole minutes to wait, for errors.tooManyAttempts and errors.resetLocked */
  count?: number;
  /** the broken password rules, for errors.passwordPolicy */
  failures?: PasswordRule[];
}

function retryAfterSeconds(details: unknown): number | null {
  const seconds = (details as { retryAfterSeconds?: unknown } | undefined)?.retryAfterSeconds;
  return typeof seconds === 'number' && seconds > 0 ? seconds : null;
}

export function commonFailure(error: unknown): AuthFailure {
  if (error instanceof ApiError) {
    if (error.status === 0) return { key: 'errors.unreachable' };
    if (error.status === 429) {
      const seconds = retryAfterSeconds(error.details);
      // the password reset is locked: the message says to wait and then ask for a new code
      if (error.code === 'ResetLocked') return { key: 'errors.resetLocked', count: Math.ceil((seconds ?? 3600) / 60) };
      if (seconds === null) return { key: 'errors.tooManyAttemptsLater' };
      return { key: 'errors.tooManyAttempts', count: Math.ceil(seconds / 60) };
    }
  }
  return { key: 'errors.generic', message: apiErrorText(error) };
}
