// The NEW_PASSWORD_REQUIRED challenge handed from sign-in to /auth/set-new-password. Memory only: it is
// a single-use secret valid for 3 minutes, so after a reload the user simply signs in again.
export interface PendingChallenge {
  /** the server's challenge session */
  session: string;
  /** the e-mail the user signed in with (shown, and given to password managers) */
  username: string;
}

let pending: PendingChallenge | null = null;

export function holdChallenge(challenge: PendingChallenge): void {
  pending = challenge;
}

export function pendingChallenge(): PendingChallenge | null {
  return pending;
}

export function dropChallenge(): void {
  pending = null;
}
