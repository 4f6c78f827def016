// Charging sessions as OCPP transactions: Authorize against the plant's id tags (a charger with free
// charging accepts any), StartTransaction numbers a session (the same start sent again is the same
// session), StopTransaction closes it with the energy register and reason. A stop for a transaction
// the central system never numbered is answered, not refused: OCPP 1.6 (§4.10) has the charger send
// a stop again until it is answered, so a CALLERROR would only make it repeat it for ever.
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import type { IdTagInfo, StartTransactionRequest, StopTransactionRequest } from './messages';
import { ocppDb, type ChargerIdTagTable } from './tables';

export interface ChargerRef {
  id: string;
  plantId: string;
}

const iso = (timestamp: string, fallback: number): string => {
  const ts = Date.parse(timestamp);
  return new Date(Number.isFinite(ts) ? ts : fallback).toISOString();
};

/** What the charger is told about an id tag: the plant's card list, or Accepted under free charging. */
export async function authorizeIdTag(db: Kysely<Database>, charger: ChargerRef, idTag: string, now = Date.now()): Promise<IdTagInfo> {
  const o = ocppDb(db);
  const free = await o.selectFrom('chargers').select('free_charging').where('id', '=', charger.id).executeTakeFirst();
  if (free?.free_charging === 1) return { status: 'Accepted' };
  // CiString20: id tags compare case-insensitively.
  const tags = await o
    .selectFrom('charger_id_tags')
    .select(['id_tag', 'blocked', 'expires_at'])
    .where('plant_id', '=', charger.plantId)
    .execute();
  const tag = tags.find((t) => t.id_tag.toLowerCase() === idTag.toLowerCase());
  return tag ? idTagInfoOf(tag, now) : { status: 'Invalid' };
}

/** What a plant's card is worth at `now`: the answer to Authorize, and its entry in a Local Authorization List. */
export function idTagInfoOf(tag: Pick<ChargerIdTagTable, 'blocked' | 'expires_at'>, now: number): IdTagInfo {
  if (tag.blocked === 1) return { status: 'Blocked' };
  if (tag.expires_at !== null && Date.parse(tag.expires_at) <= now) return { status: 'Expired', expiryDate: tag.expires_at };
  return tag.expires_at === null ? { status: 'Accepted' } : { status: 'Accepted', expiryDate: tag.expires_at };
}

/** Numbers the session (or finds it, when the charger sends the same start again) and judges its id tag. */
export async function startTransaction(
  db: Kysely<Database>,
  charger: ChargerRef,
  req: StartTransactionRequest,
  now = Date.now(),
): Promise<{ transactionId: number; idTagInfo: IdTagInfo; repeated: boolean }> {
  const o = ocppDb(db);
  const idTagInfo = await authorizeIdTag(db, charger, req.idTag, now);
  const startedAt = iso(req.timestamp, now);
  const existing = () =>
    o
      .selectFrom('charging_transactions')
      .select('id')
      .where('charger_id', '=', charger.id)
      .where('connector_id', '=', req.connectorId)
      .where('started_at', '=', startedAt)
      .executeTakeFirst();
  const before = await existing();
  if (before) return { transactionId: Number(before.id), idTagInfo, repeated: true };
  // The car on the charger now is the session's, whatever the charger is given later.
  const onCharger = await o.selectFrom('chargers').select('vehicle_id').where('id', '=', charger.id).executeTakeFirst();
  const inserted = await o
    .insertInto('charging_transactions')
    .values({
      charger_id: charger.id,
      connector_id: req.connectorId,
      id_tag: req.idTag,
      meter_start_wh: req.meterStart,
      started_at: startedAt,
      meter_stop_wh: null,
      stopped_at: null,
      stop_reason: null,
      stop_id_tag: null,
      last_meter_wh: req.meterStart,
      last_meter_at: startedAt,
      vehicle_id: onCharger?.vehicle_id ?? null,
    })
    .onConflict((oc) => oc.columns(['charger_id', 'connector_id', 'started_at']).doNothing())
    .returning('id')
    .executeTakeFirst();
  if (inserted) return { transactionId: Number(inserted.id), idTagInfo, repeated: false };
  // Another replica stored the same start meanwhile (the charger reconnected there).
  const raced = await existing();
  if (!raced) throw new Error('StartTransaction was neither stored nor found');
  return { transactionId: Number(raced.id), idTagInfo, repeated: true };
}

export type StopOutcome = 'stopped' | 'repeated' | 'unknown';

/** Closes the session with its energy register and reason; a repeat or an unknown transaction changes nothing. */
export async function stopTransaction(
  db: Kysely<Database>,
  charger: ChargerRef,
  req: StopTransactionRequest,
  now = Date.now(),
): Promise<{ outcome: StopOutcome; idTagInfo?: IdTagInfo }> {
  const o = ocppDb(db);
  const idTagInfo = req.idTag === undefined ? undefined : await authorizeIdTag(db, charger, req.idTag, now);
  const result = await o
    .updateTable('charging_transactions')
    .set({
      meter_stop_wh: req.meterStop,
      stopped_at: iso(req.timestamp, now),
      stop_reason: req.reason ?? 'Local',
      stop_id_tag: req.idTag ?? null,
      last_meter_wh: req.meterStop,
      last_meter_at: iso(req.timestamp, now),
    })
    .where('id', '=', req.transactionId)
    .where('charger_id', '=', charger.id)
    .where('stopped_at', 'is', null)
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) > 0) return { outcome: 'stopped', idTagInfo };
  const known = await o
    .selectFrom('charging_transactions')
    .select('id')
    .where('id', '=', req.transactionId)
    .where('charger_id', '=', charger.id)
    .executeTakeFirst();
  return { outcome: known ? 'repeated' : 'unknown', idTagInfo };
}

/** A running session's newest energy register, in one statement (late values never move it back). */
export async function noteTransactionMeter(
  db: Kysely<Database>,
  charger: ChargerRef,
  transactionId: number,
  energyWh: number,
  at: number,
): Promise<void> {
  const atIso = new Date(at).toISOString();
  await ocppDb(db)
    .updateTable('charging_transactions')
    .set({ last_meter_wh: Math.round(energyWh), last_meter_at: atIso })
    .where('id', '=', transactionId)
    .where('charger_id', '=', charger.id)
    .where('stopped_at', 'is', null)
    .where((eb) => eb.or([eb('last_meter_at', 'is', null), eb('last_meter_at', '<', atIso)]))
    .execute();
}

/** The open session on a connector, if any (a reconnecting charger resumes it). */
export async function openTransaction(db: Kysely<Database>, chargerId: string, connectorId: number) {
  return ocppDb(db)
    .selectFrom('charging_transactions')
    .selectAll()
    .where('charger_id', '=', chargerId)
    .where('connector_id', '=', connectorId)
    .where('stopped_at', 'is', null)
    .orderBy('started_at', 'desc')
    .executeTakeFirst();
}
