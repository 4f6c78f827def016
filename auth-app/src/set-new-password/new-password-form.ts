// The rules of both set-new-password forms: what must be filled in, and which message a failed call
// shows. The password itself is judged by the password rule of @helio/contracts.
import { ApiError } from '@helio/shared-utils';
import { commonFailure, type AuthFailure } from '../auth-errors/auth-failure';
import { checkPassword } from '@helio/contracts/limits';
import { isPasswordRule } from '../password-policy/password-rules';
import { validateEmail, type SignInErrors } from '../sign-in/sign-in-form';

export interface NewPasswordValues {
  password: string;
  confirm: string;
}

export interface NewPasswordErrors {
  password?: 'validation.newPasswordRequired' | 'validation.passwordPolicy';
  confirm?: 'validation.confirmRequired' | 'validation.passwordMismatch';
}

export interface CodeResetValues extends NewPasswordValues {
  email: string;
  code: string;
}

export interface CodeResetErrors extends NewPasswordErrors {
  email?: SignInErrors['email'];
  code?: 'validation.codeRequired' | 'validation.codeInvalid';
}

export type NewPasswordMode = 'challenge' | 'code';

export function validateNewPassword({ password, confirm }: NewPasswordValues): NewPasswordErrors {
  const errors: NewPasswordErrors = {};
  if (!password) errors.password = 'validation.newPasswordRequired';
  else if (!checkPassword(password).ok) errors.password = 'validation.passwordPolicy';
  if (!confirm) errors.confirm = 'validation.confirmRequired';
  else if (password && confirm !== password) errors.confirm = 'validation.passwordMismatch';
  return errors;
}

/** The code as the server wants it: people paste "123 456" or add spaces around it. */
export function normalizeCode(code: string): string {
  return code.replace(/\s+/g, '');
}

export function validateCodeReset(values: CodeResetValues): CodeResetErrors {
  const errors: CodeResetErrors = {};
  const email = validateEmail(values.email);
  if (email) errors.email = email;
  const code = normalizeCode(values.code);
  if (!code) errors.code = 'validation.codeRequired';
  else if (!/^[0-9]{6}$/.test(code)) errors.code = 'validation.codeInvalid';
  return { ...errors, ...validateNewPassword(values) };
}

interface InvalidPasswordDetails {
  messageKey?: unknown;
  failures?: unknown;
}

export function newPasswordFailure(error: unknown, mode: NewPasswordMode): AuthFailure {
  if (error instanceof ApiError) {
    if (error.code === 'InvalidPassword') {
      const details = (error.details ?? {}) as InvalidPasswordDetails;
      if (details.messageKey === 'passwordReused') return { key: 'errors.passwordReused' };
      const failures = Array.isArray(details.failures) ? details.failures.filter(isPasswordRule) : [];
      return { key: 'errors.passwordPolicy', failures };
    }
    if (error.code === 'CodeMismatch') return { key: 'errors.codeMismatch' };
    // complete-new-password answers 401 for a wrong, used or expired (3 min) challenge session
    if (mode === 'challenge' && error.status === 401) return { key: 'errors.challengeExpired' };
  }
  return commonFailure(error);
}
