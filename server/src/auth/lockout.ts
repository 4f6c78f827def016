// The sign-in lockout rule, pure: after `maxFailures` failures in a row the key is locked for
// `baseLockMs`, each further lockout doubles it (up to `maxLockMs`). Locks end by themselves; a quiet
// `forgetAfterMs` since the last failure forgets the history, a success forgets it at once.
export interface LockoutPolicy {
  maxFailures: number;
  /** Failures further apart than this do not add up. */
  failureWindowMs: number;
  baseLockMs: number;
  maxLockMs: number;
  forgetAfterMs: number;
}

export interface LockoutState {
  failures: number;
  lockouts: number;
  lastFailureAt: number | null;
  lockedUntil: number | null;
}

const MINUTE = 60_000;

/** Per account from one address or one known device: 5 failures → 15 minutes, then 30, 60… at most a day. */
export const ACCOUNT_LOCKOUT: LockoutPolicy = {
  maxFailures: 5,
  failureWindowMs: 15 * MINUTE,
  baseLockMs: 15 * MINUTE,
  maxLockMs: 24 * 60 * MINUTE,
  forgetAfterMs: 24 * 60 * MINUTE,
};

/**
 * Per account from everywhere that is not a known device: far more room than one place gets, so
 * spreading guesses over many addresses is slowed, while the owner's own browser is never locked by it.
 */
export const ACCOUNT_WIDE_LOCKOUT: LockoutPolicy = { ...ACCOUNT_LOCKOUT, maxFailures: 50 };

/** Per client address: more room, since many people can share one address (an office, a NAT). */
export const ADDRESS_LOCKOUT: LockoutPolicy = { ...ACCOUNT_LOCKOUT, maxFailures: 20 };

export const UNLOCKED: LockoutState = { failures: 0, lockouts: 0, lastFailureAt: null, lockedUntil: null };

/** Whole seconds until the lock ends (at least 1), or 0 when not locked. */
export function retryAfterSeconds(state: LockoutState, now: number): number {
  return state.lockedUntil !== null && state.lockedUntil > now ? Math.ceil((state.lockedUntil - now) / 1000) : 0;
}

export function lockDurationMs(policy: LockoutPolicy, lockouts: number): number {
  return Math.min(policy.maxLockMs, policy.baseLockMs * 2 ** Math.max(0, lockouts - 1));
}

export function afterFailure(policy: LockoutPolicy, state: LockoutState, now: number): LockoutState {
  const quiet = state.lastFailureAt === null ? Infinity : now - state.lastFailureAt;
  const lockouts = quiet > policy.forgetAfterMs ? 0 : state.lockouts;
  const failures = (quiet > policy.failureWindowMs ? 0 : state.failures) + 1;
  if (failures < policy.maxFailures) return { failures, lockouts, lastFailureAt: now, lockedUntil: state.lockedUntil };
  const nextLockouts = lockouts + 1;
  return { failures: 0, lockouts: nextLockouts, lastFailureAt: now, lockedUntil: now + lockDurationMs(policy, nextLockouts) };
}
