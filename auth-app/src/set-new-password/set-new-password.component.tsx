// /auth/set-new-password: challenge mode when sign-in just handed over a NEW_PASSWORD_REQUIRED
// challenge, code mode otherwise (and always when forgot-password sent the user here with ?email=).
import { useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { pendingChallenge } from './challenge-store';
import { ChallengePassword } from './challenge-password.component';
import { CodeReset } from './code-reset.component';

export function SetNewPassword() {
  const [params] = useSearchParams();
  // read once: the mode must not flip when a failed attempt drops the challenge
  const [challenge] = useState(pendingChallenge);
  const email = params.get('email');
  if (challenge && email === null) return <ChallengePassword challenge={challenge} />;
  return <CodeReset initialEmail={email ?? ''} />;
}
