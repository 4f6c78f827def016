// E-mail logins and thing names are unique across the installation, so "already taken" on an invite or
// a new plant tells a tenant that some other organisation uses the name. That answer cannot be hidden
// without per-tenant namespaces; what is bounded here is how often a tenant can ask: each such
// conflict counts, and a tenant past the limit is refused every invite or plant creation (taken or
// not, so the refusal itself tells nothing) until the lock ends.
import type { FastifyReply } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { ApiError } from '../http/errors';
import { tooManyAttempts } from '../identity/auth-schemas';
import type { LockoutPolicy } from '../identity/lockout';
import { countAttempt, lockedForSeconds } from '../identity/sign-in-throttle';

const HOUR = 3_600_000;

/** 10 conflicts an hour per tenant and kind, then an hour's lock, doubling up to a day. */
export const NAME_PROBE_LIMIT: LockoutPolicy = {
  maxFailures: 10,
  failureWindowMs: HOUR,
  baseLockMs: HOUR,
  maxLockMs: 24 * HOUR,
  forgetAfterMs: 24 * HOUR,
};

export type NameKind = 'email' | 'thing';

const keyOf = (tenantId: string, kind: NameKind) => `name-probe-${kind}:${tenantId}`;

/** Refuses the call (429) while the tenant is locked for asking after taken names too often. */
export async function refuseWhileProbing(db: Kysely<Database>, reply: FastifyReply, tenantId: string, kind: NameKind): Promise<void> {
  const seconds = await lockedForSeconds(db, [keyOf(tenantId, kind)]);
  if (seconds > 0) throw tooManyAttempts(reply, seconds);
}

/** Counts one "name taken" answer against the tenant. */
export async function countNameConflict(db: Kysely<Database>, tenantId: string, kind: NameKind): Promise<void> {
  await countAttempt(db, [[keyOf(tenantId, kind), NAME_PROBE_LIMIT]]);
}

/** Runs `work`; a "name taken" answer from it (409 of `code`) is counted against the tenant. */
export async function countingNameConflicts<T>(
  db: Kysely<Database>,
  tenantId: string,
  kind: NameKind,
  code: string,
  work: () => Promise<T>,
): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof ApiError && error.statusCode === 409 && error.code === code) {
      await countNameConflict(db, tenantId, kind);
    }
    throw error;
  }
}
