// Throttles for the public password-reset routes, counted before any scrypt work runs: per account
// (the normalised username, known or not, so unknown names answer alike) and per client address.
// Confirming a code has a total budget per account across every code it was sent: guessing six
// digits stays hopeless however many codes an attacker makes the server send.
import type { FastifyReply } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import type { ApiError } from '../http/errors';
import { lockedAnswer } from './auth-schemas';
import type { LockoutPolicy } from './lockout';
import { countAttempt, forgetThrottleKeys, type ThrottleSubject } from './sign-in-throttle';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** Code requests: 5 an hour per account, 20 per address; then an hour's wait, doubling up to a day. */
export const RESET_REQUEST_ACCOUNT: LockoutPolicy = {
  maxFailures: 5,
  failureWindowMs: HOUR,
  baseLockMs: HOUR,
  maxLockMs: DAY,
  forgetAfterMs: DAY,
};
export const RESET_REQUEST_ADDRESS: LockoutPolicy = { ...RESET_REQUEST_ACCOUNT, maxFailures: 20 };
/** Code tries: 10 a day per account over all its codes, 30 an hour per address. */
export const RESET_CONFIRM_ACCOUNT: LockoutPolicy = {
  maxFailures: 10,
  failureWindowMs: DAY,
  baseLockMs: HOUR,
  maxLockMs: DAY,
  forgetAfterMs: DAY,
};
export const RESET_CONFIRM_ADDRESS: LockoutPolicy = {
  maxFailures: 30,
  failureWindowMs: HOUR,
  baseLockMs: HOUR,
  maxLockMs: DAY,
  forgetAfterMs: DAY,
};

export const RESET_LOCKED_MESSAGE_KEY = 'resetLocked';

export type ResetStep = 'request' | 'confirm';

const keysOf = (step: ResetStep, subject: ThrottleSubject) =>
  [
    [`reset-${step}-account:${subject.account}`, step === 'request' ? RESET_REQUEST_ACCOUNT : RESET_CONFIRM_ACCOUNT],
    [`reset-${step}-address:${subject.address}`, step === 'request' ? RESET_REQUEST_ADDRESS : RESET_CONFIRM_ADDRESS],
  ] as const;

/** 429 ResetLocked with Retry-After and what to do: wait, then ask for a new code (or tell an administrator). */
export function resetLocked(reply: FastifyReply, retryAfterSeconds: number): ApiError {
  return lockedAnswer(
    reply,
    retryAfterSeconds,
    'ResetLocked',
    (wait) =>
      `Too many password reset attempts. Wait ${wait}, then ask for a new code; if you did not ask for one, tell your administrator.`,
    { messageKey: RESET_LOCKED_MESSAGE_KEY },
  );
}

/**
 * Counts one reset request or code try; throws 429 ResetLocked when the account or address is out of
 * attempts. Runs before any hashing, so a refused caller costs two row updates.
 */
export async function admitResetAttempt(
  db: Kysely<Database>,
  reply: FastifyReply,
  step: ResetStep,
  subject: ThrottleSubject,
  now = Date.now(),
): Promise<{ budgetSpent: boolean }> {
  const keys = keysOf(step, subject);
  const counted = await countAttempt(db, keys, now);
  if (!counted.admitted) throw resetLocked(reply, counted.retryAfterSeconds);
  return { budgetSpent: counted.lockedKeys.includes(keys[0][0]) };
}

/** A right code: the account's tries start again. */
export async function forgetResetAttempts(db: Kysely<Database>, account: string): Promise<void> {
  await forgetThrottleKeys(db, [`reset-confirm-account:${account}`]);
}
