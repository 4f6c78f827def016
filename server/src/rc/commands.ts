// The command history: every value sent to a plant's writable key, by whom or what, and what became
// of it — sent, confirmed by the device (when, and how long it took), superseded by a later command
// for the same key, expired unconfirmed (the server's decision, expireCommands: the history says
// `expired` and the value no longer waits in the shadow, so every page and API agrees), or cancelled.
import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import { RC_COMMAND_EXPIRY_MS, type RcCommand, type RcCommandState } from '@helio/contracts';
import { inTransaction } from '../db/dialect';
import type { Database } from '../db/schema';
import { emitWebhookEvent } from '../integrations/webhook-events';
import { jsonEqual, type JsonValue } from '../iot/shadows/json';
import type { ShadowStore } from '../iot/shadows/shadow-store';
import { VersionConflictError } from '../iot/shadows/shadow-limits';
import type { RcCommandTable } from './tables';

export interface NewCommand {
  tenantId: string;
  plantId: string;
  thingName: string;
  key: string;
  from: JsonValue;
  to: JsonValue;
  source: RcCommandTable['source'];
  /** Who sent it (a schedule's commands name its creator, without an id). */
  user: { id: string | null; email: string } | null;
}

const rowOf = (command: NewCommand, sentAt: string): RcCommandTable => ({
  id: randomUUID(),
  tenant_id: command.tenantId,
  plant_id: command.plantId,
  thing_name: command.thingName,
  key: command.key,
  from_value: JSON.stringify(command.from),
  to_value: JSON.stringify(command.to),
  state: 'sent',
  source: command.source,
  user_id: command.user?.id ?? null,
  user_email: command.user?.email ?? null,
  sent_at: sentAt,
  confirmed_at: null,
  confirm_ms: null,
});

export function commandView(row: RcCommandTable): RcCommand {
  return {
    id: row.id,
    plantId: row.plant_id,
    key: row.key,
    from: JSON.parse(row.from_value) as JsonValue,
    to: JSON.parse(row.to_value) as JsonValue,
    state: row.state,
    source: row.source,
    userEmail: row.user_email,
    sentAt: row.sent_at,
    confirmedAt: row.confirmed_at,
    confirmMs: row.confirm_ms === null ? null : Number(row.confirm_ms),
  };
}

/**
 * Records commands just sent (one per plant and key at most), superseding the open ones they replace.
 * Answers the rows, in the order given.
 */
export async function recordCommands(db: Kysely<Database>, commands: readonly NewCommand[], now = Date.now()): Promise<RcCommandTable[]> {
  if (commands.length === 0) return [];
  const sentAt = new Date(now).toISOString();
  const rows = commands.map((command) => rowOf(command, sentAt));
  await inTransaction(db, async (trx) => {
    const byKey = new Map<string, string[]>();
    for (const row of rows) byKey.set(row.key, [...(byKey.get(row.key) ?? []), row.plant_id]);
    for (const [key, plantIds] of byKey) {
      for (let i = 0; i < plantIds.length; i += 500) {
        await trx
          .updateTable('rc_commands')
          .set({ state: 'superseded' })
          .where('plant_id', 'in', plantIds.slice(i, i + 500))
          .where('key', '=', key)
          .where('state', '=', 'sent')
          .execute();
      }
    }
    // 14 columns a row: well within both engines' limits on bound parameters per statement.
    for (let i = 0; i < rows.length; i += 200)
      await trx
        .insertInto('rc_commands')
        .values(rows.slice(i, i + 200))
        .execute();
  });
  return rows;
}

/**
 * The device reports `value` for `key`: open commands that asked for it are confirmed now, each with
 * its `command.confirmed` webhook event in the confirmation's transaction (to the webhooks whose
 * creator sees the plant).
 */
export async function confirmCommands(
  db: Kysely<Database>,
  thingName: string,
  key: string,
  value: JsonValue,
  now = Date.now(),
): Promise<number> {
  const open = await db
    .selectFrom('rc_commands')
    .selectAll()
    .where('thing_name', '=', thingName)
    .where('key', '=', key)
    .where('state', '=', 'sent')
    .execute();
  let confirmed = 0;
  for (const row of open) {
    if (!jsonEqual(JSON.parse(row.to_value) as JsonValue, value)) continue;
    const done = {
      ...row,
      state: 'confirmed' as const,
      confirmed_at: new Date(now).toISOString(),
      confirm_ms: Math.max(0, now - Date.parse(row.sent_at)),
    };
    confirmed += await inTransaction(db, async (trx) => {
      const result = await trx
        .updateTable('rc_commands')
        .set({ state: done.state, confirmed_at: done.confirmed_at, confirm_ms: done.confirm_ms })
        .where('id', '=', row.id)
        .where('state', '=', 'sent')
        .executeTakeFirst();
      // Only the replica whose update confirmed it tells the webhooks.
      if (Number(result.numUpdatedRows) === 0) return 0;
      await emitWebhookEvent(trx, row.tenant_id, {
        id: `evt_command.confirmed_${row.id}`,
        type: 'command.confirmed',
        data: { command: commandView(done) },
        plantId: row.plant_id,
        occurredAt: new Date(now),
      });
      return 1;
    });
  }
  return confirmed;
}

/** The open commands of a plant's key are cancelled (its desired value was cleared before the device took it). */
export async function cancelCommands(db: Kysely<Database>, plantId: string, key: string): Promise<void> {
  await db
    .updateTable('rc_commands')
    .set({ state: 'cancelled' })
    .where('plant_id', '=', plantId)
    .where('key', '=', key)
    .where('state', '=', 'sent')
    .execute();
}

export interface CommandQuery {
  plantId: string;
  key?: string;
  state?: RcCommandState;
  limit?: number;
}

/** Commands expired in one pass at most; the next pass takes the rest. */
const EXPIRE_BATCH = 500;

/**
 * Commands still unconfirmed RC_COMMAND_EXPIRY_MS after they were sent (to an offline plant, mostly)
 * expire: the command is marked `expired` and, while the shadow still asks for its value, the desired
 * key is cleared in the same transaction, so the device does not take a day-old value when it comes
 * back and no page shows it waiting. Of one plant (`plantId`), or of all. Answers how many expired.
 */
export async function expireCommands(db: Kysely<Database>, shadows: ShadowStore, now = Date.now(), plantId?: string): Promise<number> {
  let due = db
    .selectFrom('rc_commands')
    .selectAll()
    .where('state', '=', 'sent')
    .where('sent_at', '<', new Date(now - RC_COMMAND_EXPIRY_MS).toISOString());
  if (plantId !== undefined) due = due.where('plant_id', '=', plantId);
  const rows = await due.orderBy('sent_at').orderBy('id').limit(EXPIRE_BATCH).execute();
  let expired = 0;
  for (const row of rows) {
    const markExpired = async (trx: Kysely<Database>) => {
      const result = await trx
        .updateTable('rc_commands')
        .set({ state: 'expired' })
        .where('id', '=', row.id)
        .where('state', '=', 'sent')
        .executeTakeFirst();
      expired += Number(result.numUpdatedRows);
    };
    const doc = await shadows.get(row.thing_name);
    const waiting =
      doc !== undefined && row.key in doc.state.desired && jsonEqual(doc.state.desired[row.key], JSON.parse(row.to_value) as JsonValue);
    if (!waiting) {
      await markExpired(db);
      continue;
    }
    try {
      await shadows.setDesired(row.thing_name, { [row.key]: null }, now, { expectedVersion: doc.version, withChange: markExpired });
    } catch (error) {
      // the shadow changed meanwhile (a new value, a report): the next pass judges it again
      if (!(error instanceof VersionConflictError)) throw error;
    }
  }
  return expired;
}

/** A plant's commands, newest first; those unconfirmed past the expiry are expired first (expireCommands). */
export async function listCommands(
  db: Kysely<Database>,
  shadows: ShadowStore,
  query: CommandQuery,
  now = Date.now(),
): Promise<RcCommand[]> {
  await expireCommands(db, shadows, now, query.plantId);
  let select = db.selectFrom('rc_commands').selectAll().where('plant_id', '=', query.plantId);
  if (query.key) select = select.where('key', '=', query.key);
  if (query.state) select = select.where('state', '=', query.state);
  const rows = await select
    .orderBy('sent_at', 'desc')
    .orderBy('id')
    .limit(query.limit ?? 200)
    .execute();
  return rows.map(commandView);
}
