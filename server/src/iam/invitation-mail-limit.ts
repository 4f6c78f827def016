// Every invitation mails someone who did not ask for it: a new address its temporary password, an
// address with an account in another organisation the note that it has one (iam/invite.ts). An
// organisation's administrators could so use the installation to flood mailboxes or spoil its
// sending reputation. What bounds it: 50 invitations per tenant, each within an hour of the one
// before, then an hour's wait, doubling up to a day. Every invitation counts alike, whoever holds the
// address, so the limit tells nothing about addresses either.
import type { FastifyReply } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { lockedAnswer } from '../auth/auth-schemas';
import type { LockoutPolicy } from '../auth/lockout';
import { countAttempt } from '../auth/sign-in-throttle';

const HOUR = 3_600_000;

export const INVITATION_MAIL_LIMIT: LockoutPolicy = {
  maxFailures: 50,
  failureWindowMs: HOUR,
  baseLockMs: HOUR,
  maxLockMs: 24 * HOUR,
  forgetAfterMs: 24 * HOUR,
};

/** The tenant's count in sign_in_throttle. */
export const invitationMailKey = (tenantId: string) => `invitation-mail:${tenantId}`;

/** Counts one invitation of the tenant; 429 TooManyAttempts (with Retry-After) once it has had its 50. */
export async function admitInvitationMail(db: Kysely<Database>, reply: FastifyReply, tenantId: string, now = Date.now()): Promise<void> {
  const counted = await countAttempt(db, [[invitationMailKey(tenantId), INVITATION_MAIL_LIMIT]], now);
  if (!counted.admitted) {
    throw lockedAnswer(reply, counted.retryAfterSeconds, 'TooManyAttempts', (wait) => `Too many invitations; try again in ${wait}`);
  }
}
