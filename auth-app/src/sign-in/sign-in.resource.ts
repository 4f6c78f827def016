// Signing in as a mutation: pending state for the button, the error for the callout, and on success
// the page the user originally asked for.
import { useMutation } from '@tanstack/react-query';
import { navigateToUrl } from 'single-spa';
import { signIn, takeReturnTo, type ApiError, type Session } from '@helio/shared-utils';
import type { SignInValues } from './sign-in-form';

export function useSignIn() {
  return useMutation<Session, ApiError, SignInValues>({
    mutationFn: ({ email, password }) => signIn(email.trim(), password),
    onSuccess: () => navigateToUrl(takeReturnTo()),
  });
}
