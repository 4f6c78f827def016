// Signing in as a mutation: pending state for the button, the error for the callout. Success goes to
// the page the user originally asked for; an invited user's NEW_PASSWORD_REQUIRED challenge goes to
// /auth/set-new-password.
import { useMutation } from '@tanstack/react-query';
import { useNavigate } from 'react-router-dom';
import { navigateToUrl } from 'single-spa';
import { apiPost, startSignedInSession, takeReturnTo, type ApiError } from '@helio/shared-utils';
import { holdChallenge } from '../set-new-password/challenge-store';
import type { SignInValues } from './sign-in-form';

export type SignInOutcome = 'signed-in' | 'new-password-required';

async function signInOrChallenge({ email, password }: SignInValues): Promise<SignInOutcome> {
  const username = email.trim();
  // shared-utils' signIn() only understands tokens, so the challenge answer is read here.
  const answer = await apiPost('auth/sign-in', { username, password });
  if ('challenge' in answer) {
    holdChallenge({ session: answer.session, username });
    return 'new-password-required';
  }
  // The answer's tokens start the session (and its refresh timer) at once: the apps of the first page
  // start their calls without waiting for another round trip.
  startSignedInSession(answer);
  return 'signed-in';
}

export function useSignIn() {
  const navigate = useNavigate();
  return useMutation<SignInOutcome, ApiError, SignInValues>({
    mutationFn: signInOrChallenge,
    onSuccess: (outcome) => {
      if (outcome === 'new-password-required') navigate('/auth/set-new-password');
      else navigateToUrl(takeReturnTo());
    },
  });
}
