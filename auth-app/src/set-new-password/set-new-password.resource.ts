// The two ways to set a new password, as mutations: answering sign-in's challenge (signs the user in)
// and redeeming the mailed code (the user then signs in with the new password).
import { useMutation } from '@tanstack/react-query';
import { navigateToUrl } from 'single-spa';
import { apiPost, completeNewPassword, takeReturnTo, type ApiError, type Session } from '@helio/shared-utils';
import { dropChallenge, type PendingChallenge } from './challenge-store';
import { normalizeCode, type CodeResetValues } from './new-password-form';

export function useCompleteNewPassword(challenge: PendingChallenge) {
  return useMutation<Session, ApiError, string>({
    mutationFn: (newPassword) => completeNewPassword(challenge.session, newPassword),
    onSuccess: () => {
      dropChallenge();
      navigateToUrl(takeReturnTo());
    },
    onError: (error) => {
      // the challenge session is gone (expired or used): only signing in again helps
      if (error.status === 401) dropChallenge();
    },
  });
}

export function useConfirmForgotPassword() {
  return useMutation<{ ok: boolean }, ApiError, CodeResetValues>({
    mutationFn: ({ email, code, password }) =>
      apiPost('auth/confirm-forgot-password', { username: email.trim(), code: normalizeCode(code), newPassword: password }),
  });
}
