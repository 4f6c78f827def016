// Sign-in throttling, stored in the database so every replica sees the same counts. Failures are
// counted per (account, where from): from a known device (one that signed in to the account before,
// device-cookie.ts) on that device's own key only, so nobody elsewhere can lock its owner out; from
// anywhere else per (account, address), plus looser account-wide and address-wide keys that stop a
// guesser spread over many addresses or many accounts. Each attempt counts as a failure before the
// password is checked, inside a row lock, so a burst of parallel guesses cannot slip past the limit;
// a right password takes it back.
import type { Kysely, Transaction } from 'kysely';
import { sql } from 'kysely';
import { isPostgres } from '../db';
import type { Database } from '../db/schema';
import {
  ACCOUNT_LOCKOUT,
  ACCOUNT_WIDE_LOCKOUT,
  ADDRESS_LOCKOUT,
  UNLOCKED,
  afterFailure,
  retryAfterSeconds,
  type LockoutPolicy,
  type LockoutState,
} from './lockout';

export interface ThrottleSubject {
  /** Normalised username. */
  account: string;
  /** Client IP address. */
  address: string;
  /** The device id of a valid known-device cookie for this account. */
  device?: string;
}

export type AttemptAdmission =
  /** Refused without looking at the password: a key is locked for this long. */
  | { admitted: false; retryAfterSeconds: number }
  /** Counted as a failure already; `retryAfterSeconds` > 0 when this attempt's failure started a lock. */
  | { admitted: true; retryAfterSeconds: number; counted: readonly ThrottleKey[]; lockedKeys: string[] };

/** Rows are kept this long after their last failure (the longest `forgetAfterMs` of any policy using them). */
const LONGEST_MEMORY_MS = 2 * ACCOUNT_LOCKOUT.forgetAfterMs;

type ThrottleRow = { failures: number; lockouts: number; last_failure_at: number | null; locked_until: number | null };

/** The key of this account from this device or address: the one a right password clears. */
const ownKey = (subject: ThrottleSubject) =>
  subject.device === undefined ? `pair:${subject.account}|${subject.address}` : `device:${subject.account}|${subject.device}`;

/** What one attempt counts against. */
export function throttleKeysOf(subject: ThrottleSubject): ThrottleKey[] {
  if (subject.device !== undefined) return [[ownKey(subject), ACCOUNT_LOCKOUT]];
  return [
    [ownKey(subject), ACCOUNT_LOCKOUT],
    [`account:${subject.account}`, ACCOUNT_WIDE_LOCKOUT],
    [`address:${subject.address}`, ADDRESS_LOCKOUT],
  ];
}

function toState(row: ThrottleRow | undefined): LockoutState {
  if (!row) return UNLOCKED;
  return {
    failures: Number(row.failures),
    lockouts: Number(row.lockouts),
    lastFailureAt: row.last_failure_at === null ? null : Number(row.last_failure_at),
    lockedUntil: row.locked_until === null ? null : Number(row.locked_until),
  };
}

async function readLocked(trx: Transaction<Database>, key: string, lockRows: boolean): Promise<LockoutState> {
  await trx
    .insertInto('sign_in_throttle')
    .values({ key, failures: 0, lockouts: 0, last_failure_at: null, locked_until: null })
    .onConflict((oc) => oc.column('key').doNothing())
    .execute();
  let query = trx.selectFrom('sign_in_throttle').selectAll().where('key', '=', key);
  if (lockRows) query = query.forUpdate(); // SQLite has no FOR UPDATE: its write transactions run one at a time
  return toState(await query.executeTakeFirst());
}

async function write(trx: Transaction<Database>, key: string, state: LockoutState): Promise<void> {
  await trx
    .updateTable('sign_in_throttle')
    .set({ failures: state.failures, lockouts: state.lockouts, last_failure_at: state.lastFailureAt, locked_until: state.lockedUntil })
    .where('key', '=', key)
    .execute();
}

export type ThrottleKey = readonly [key: string, policy: LockoutPolicy];

export type CountedAttempt =
  | { admitted: false; retryAfterSeconds: number }
  /** `lockedKeys`: the keys whose lock this very attempt started. */
  | { admitted: true; retryAfterSeconds: number; lockedKeys: string[] };

/**
 * Counts an attempt on every key (as a failure, before any expensive check runs) unless one of them
 * is locked already; then nothing is counted and the longest wait is returned.
 */
export async function countAttempt(db: Kysely<Database>, keys: readonly ThrottleKey[], now = Date.now()): Promise<CountedAttempt> {
  const lockRows = isPostgres(db);
  return db.transaction().execute(async (trx) => {
    const states = [];
    for (const [key] of keys) states.push(await readLocked(trx, key, lockRows));
    const locked = Math.max(0, ...states.map((state) => retryAfterSeconds(state, now)));
    if (locked > 0) return { admitted: false, retryAfterSeconds: locked };
    let retryAfter = 0;
    const lockedKeys: string[] = [];
    for (const [index, [key, policy]] of keys.entries()) {
      const next = afterFailure(policy, states[index] ?? UNLOCKED, now);
      await write(trx, key, next);
      const seconds = retryAfterSeconds(next, now);
      retryAfter = Math.max(retryAfter, seconds);
      if (seconds > 0) lockedKeys.push(key);
    }
    return { admitted: true, retryAfterSeconds: retryAfter, lockedKeys };
  });
}

/** Seconds until the longest lock of these keys ends (0: none locked); counts nothing. */
export async function lockedForSeconds(db: Kysely<Database>, keys: readonly string[], now = Date.now()): Promise<number> {
  const rows = await db.selectFrom('sign_in_throttle').selectAll().where('key', 'in', keys).execute();
  return Math.max(0, ...rows.map((row) => retryAfterSeconds(toState(row), now)));
}

/** Forgets the counts of these keys. */
export async function forgetThrottleKeys(db: Kysely<Database>, keys: readonly string[]): Promise<void> {
  if (keys.length > 0) await db.deleteFrom('sign_in_throttle').where('key', 'in', keys).execute();
}

/** Admits an attempt (counting it as a failure on each of its keys) unless one of them is locked. */
export async function admitSignInAttempt(db: Kysely<Database>, subject: ThrottleSubject, now = Date.now()): Promise<AttemptAdmission> {
  const keys = throttleKeysOf(subject);
  const counted = await countAttempt(db, keys, now);
  if (!counted.admitted) return counted;
  return { admitted: true, retryAfterSeconds: counted.retryAfterSeconds, counted: keys, lockedKeys: counted.lockedKeys };
}

/**
 * The password was right: this account's own key (device or address) forgets its failures, and the
 * wider keys get this attempt back (and their lock, if this very attempt started it).
 */
export async function settleSignInSuccess(
  db: Kysely<Database>,
  subject: ThrottleSubject,
  admission: Extract<AttemptAdmission, { admitted: true }>,
): Promise<void> {
  await db.deleteFrom('sign_in_throttle').where('key', '=', ownKey(subject)).execute();
  for (const [key, policy] of admission.counted) {
    if (key === ownKey(subject)) continue;
    const row = db.updateTable('sign_in_throttle').where('key', '=', key);
    if (admission.lockedKeys.includes(key)) {
      await row.set((eb) => ({ failures: policy.maxFailures - 1, locked_until: null, lockouts: eb('lockouts', '-', 1) })).execute();
    } else {
      await row
        .set((eb) => ({ failures: eb('failures', '-', 1) }))
        .where('failures', '>', 0)
        .execute();
    }
  }
}

/** Ends every lockout of an account, from everywhere (after a password reset proved who the owner is). */
export async function forgetAccountFailures(db: Kysely<Database>, account: string): Promise<void> {
  const prefixes = [`pair:${account}|`, `device:${account}|`];
  await db
    .deleteFrom('sign_in_throttle')
    .where((eb) =>
      eb.or([
        eb('key', '=', `account:${account}`),
        ...prefixes.map((prefix) => eb(sql<string>`substr(${sql.ref('key')}, 1, ${prefix.length})`, '=', prefix)),
      ]),
    )
    .execute();
}

/** Rows with neither a lock nor a failure in the last day say nothing any more. */
export async function pruneSignInThrottle(db: Kysely<Database>, now = Date.now()): Promise<void> {
  await db
    .deleteFrom('sign_in_throttle')
    .where((eb) => eb.or([eb('locked_until', 'is', null), eb('locked_until', '<', now)]))
    .where((eb) => eb.or([eb('last_failure_at', 'is', null), eb('last_failure_at', '<', now - LONGEST_MEMORY_MS)]))
    .execute();
}
