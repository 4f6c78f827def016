// OCPP 1.6's Local Authorization List: each booted charger holds its plant's cards, so a charger that
// has lost its connection still starts a session for a card of the plant (and refuses a blocked one)
// instead of only the cards in its own authorization cache. Authorize and StartTransaction are still
// answered online from the plant's rows (transactions.ts); the list is for the time offline.
//
// The plant's list has a version, counted up with every change of its cards in the change's own
// transaction (charger_local_lists). After a boot the charger is asked which version it holds
// (GetLocalListVersion: -1 when it keeps no list) and sent the whole list (SendLocalList, Full) when it
// holds another; every change sends the whole list to each of the plant's connected chargers, wherever
// their sockets are (the command service routes the call). A plant that never had a card sends
// nothing. Both calls are in the charger's command history (source: system). A list longer than the
// charger's SendLocalListMaxLength is answered Failed, which the history shows (PLANT_ID_TAGS_MAX is
// 500; chargers take 20–10,000).
import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/schema';
import type { ChargerCommands } from './commands';
import type { LocalAuthorizationList } from './messages';
import { ocppDb } from './tables';
import { idTagInfoOf, type ChargerRef } from './transactions';

/** Counts up the plant's list version: call it in the transaction that changes the plant's cards. */
export async function localListChanged(trx: Kysely<Database>, plantId: string): Promise<void> {
  await ocppDb(trx)
    .insertInto('charger_local_lists')
    .values({ plant_id: plantId, version: 1 })
    .onConflict((oc) => oc.column('plant_id').doUpdateSet({ version: sql<number>`charger_local_lists.version + 1` }))
    .execute();
}

/** The plant's list version; undefined for a plant that never had a card. */
async function listVersionOf(db: Kysely<Database>, plantId: string): Promise<number | undefined> {
  const row = await ocppDb(db).selectFrom('charger_local_lists').select('version').where('plant_id', '=', plantId).executeTakeFirst();
  return row && Number(row.version);
}

/** The plant's whole list as SendLocalList carries it, or null for a plant that never had a card. */
export async function plantLocalList(db: Kysely<Database>, plantId: string, now = Date.now()): Promise<LocalAuthorizationList | null> {
  // The version before the cards: a list read during a change may be newer than its version, never older.
  const version = await listVersionOf(db, plantId);
  if (version === undefined) return null;
  const tags = await ocppDb(db)
    .selectFrom('charger_id_tags')
    .select(['id_tag', 'blocked', 'expires_at'])
    .where('plant_id', '=', plantId)
    .orderBy('id_tag')
    .execute();
  return {
    listVersion: version,
    updateType: 'Full',
    localAuthorizationList: tags.map((tag) => ({ idTag: tag.id_tag, idTagInfo: idTagInfoOf(tag, now) })),
  };
}

export interface LocalListsDeps {
  db: Kysely<Database>;
  commands: Pick<ChargerCommands, 'send' | 'sendAndWait'>;
  now?: () => number;
}

export class LocalLists {
  constructor(private readonly deps: LocalListsDeps) {}

  /** After an accepted boot: the plant's list, if the charger keeps lists and holds another version. */
  async afterBoot(charger: ChargerRef): Promise<void> {
    if ((await listVersionOf(this.deps.db, charger.plantId)) === undefined) return;
    const asked = await this.deps.commands.sendAndWait(charger.id, 'GetLocalListVersion', {}, { source: 'system' });
    if (asked.state !== 'accepted') return;
    const held = (asked.answer as { listVersion: number }).listVersion;
    if (held === -1) return;
    // Read after the answer: a change made meanwhile has already sent its own list.
    const list = await plantLocalList(this.deps.db, charger.plantId, this.now());
    if (!list || held === list.listVersion) return;
    await this.deps.commands.send(charger.id, 'SendLocalList', list, { source: 'system' });
  }

  /** After a change of the plant's cards (committed): the new list to each of its connected, booted chargers. */
  async plantChanged(plantId: string): Promise<void> {
    const list = await plantLocalList(this.deps.db, plantId, this.now());
    if (!list) return;
    const chargers = await ocppDb(this.deps.db)
      .selectFrom('chargers')
      .select('id')
      .where('plant_id', '=', plantId)
      .where('connection', '=', 'online')
      .where('booted_at', 'is not', null)
      .execute();
    for (const { id } of chargers) await this.deps.commands.send(id, 'SendLocalList', list, { source: 'system' });
  }

  private now(): number {
    return (this.deps.now ?? Date.now)();
  }
}
