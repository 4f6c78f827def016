// The sign-in form's rules: what must be filled in, and which message a failed sign-in shows.
import { ApiError } from '@helio/shared-utils';
import { commonFailure, type AuthFailure } from '../auth-errors/auth-failure';

export interface SignInValues {
  email: string;
  password: string;
}

export interface SignInErrors {
  email?: 'validation.emailRequired' | 'validation.emailInvalid';
  password?: 'validation.passwordRequired';
}

// Deliberately loose: the server decides whether the account exists; this only catches typos.
const EMAIL = /^[^\s@]+@[^\s@]+$/;

export function validateEmail(email: string): SignInErrors['email'] {
  const trimmed = email.trim();
  if (!trimmed) return 'validation.emailRequired';
  if (!EMAIL.test(trimmed)) return 'validation.emailInvalid';
  return undefined;
}

export function validateSignIn({ email, password }: SignInValues): SignInErrors {
  const errors: SignInErrors = {};
  const emailError = validateEmail(email);
  if (emailError) errors.email = emailError;
  if (!password) errors.password = 'validation.passwordRequired';
  return errors;
}

/** The translated message for a failed sign-in; anything unexpected shows the server's own message. */
export function signInFailure(error: unknown): AuthFailure {
  if (error instanceof ApiError) {
    if (error.status === 401 && error.code === 'PasswordExpired') return { key: 'errors.passwordExpired' };
    if (error.status === 401) return { key: 'errors.wrongCredentials' };
    if (error.status === 403 && error.code === 'UserDisabled') return { key: 'errors.userDisabled' };
  }
  return commonFailure(error);
}
