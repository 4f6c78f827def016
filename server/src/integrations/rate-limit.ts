// Per-key request budget shared by every replica: `perMinute` requests a minute, refilled evenly, with
// a whole minute's worth allowed at once. Kept in the key's own row as GCRA's theoretical arrival time
// (`rate_tat`, epoch ms) and moved by one conditional UPDATE, so N replicas together grant the budget
// once, not N times, and no replica holds state that a restart would lose.
import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/schema';

const MINUTE_MS = 60_000;

/**
 * Takes one request from the key's budget at `now`: 0 when allowed, else the whole seconds until one
 * is free. The arrival time moves on by one request's share of a minute; a request is allowed while
 * that time stays within a minute of now (a full bucket is a minute's requests).
 */
export async function takeKeyRequest(db: Kysely<Database>, keyId: string, perMinute: number, now: number): Promise<number> {
  const step = MINUTE_MS / perMinute;
  // max(rate_tat, now) spelled as CASE: the form SQLite and PostgreSQL share.
  const from = sql<number>`(CASE WHEN rate_tat > ${now} THEN rate_tat ELSE ${now} END)`;
  const taken = await db
    .updateTable('api_keys')
    .set({ rate_tat: sql<number>`${from} + ${step}` })
    .where('id', '=', keyId)
    .where(sql<boolean>`${from} + ${step} - ${now} <= ${MINUTE_MS}`)
    .executeTakeFirst();
  if (Number(taken.numUpdatedRows) === 1) return 0;
  const row = await db.selectFrom('api_keys').select('rate_tat').where('id', '=', keyId).executeTakeFirst();
  const wait = Number(row?.rate_tat ?? now) + step - now - MINUTE_MS;
  return Math.max(1, Math.ceil(wait / 1000));
}
