// The sign-in form's rules: what must be filled in, and which message a failed sign-in shows.
import { ApiError } from '@helio/shared-utils';

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

export function validateSignIn({ email, password }: SignInValues): SignInErrors {
  const errors: SignInErrors = {};
  const trimmed = email.trim();
  if (!trimmed) errors.email = 'validation.emailRequired';
  else if (!EMAIL.test(trimmed)) errors.email = 'validation.emailInvalid';
  if (!password) errors.password = 'validation.passwordRequired';
  return errors;
}

export interface SignInFailure {
  key: 'errors.wrongCredentials' | 'errors.userDisabled' | 'errors.unreachable' | 'errors.generic';
  message?: string;
}

/** The translated message for a failed sign-in; anything unexpected shows the server's own message. */
export function signInFailure(error: unknown): SignInFailure {
  if (error instanceof ApiError) {
    if (error.status === 0) return { key: 'errors.unreachable' };
    if (error.status === 401) return { key: 'errors.wrongCredentials' };
    if (error.status === 403 && error.code === 'UserDisabled') return { key: 'errors.userDisabled' };
  }
  return { key: 'errors.generic', message: error instanceof Error ? error.message : String(error) };
}
