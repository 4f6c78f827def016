// A plant's id tags (RFID cards) as /ev manages them (ev/id-tag/list, /add, /block, /remove) and a
// charger's free-charging switch (ev/charger/free-charging). Who may charge is the plant owner's
// decision, like adding a charger; anyone who sees the plant sees its cards. Tags compare
// case-insensitively (OCPP's CiString20): a card added as `ab12` is the `AB12` a reader sends, so a
// second tag differing only in case is refused. Authorize and StartTransaction read the same rows
// (transactions.ts): a blocked card is answered Blocked, a removed one Invalid, at its next use. Each
// change counts up the plant's Local Authorization List version (local-list.ts).
import { PLANT_ID_TAGS_MAX, type EvEndpoints, type IdTagView } from '@helio/contracts';
import type { Kysely } from 'kysely';
import { plantTarget, recordRequestAudit, type RequestCaller } from '../audit/request-audit';
import type { Database } from '../db/schema';
import { inTransaction } from '../db/dialect';
import { conflict, idTagNotFound, plantNotFound } from '../http/errors';
import { findTenantPlant, requirePlantRole, type AccessiblePlant, type PlantRole } from '../plants/access';
import { visibleCharger } from './charger-store';
import { localListChanged } from './local-list';
import { ocppDb, type ChargerIdTagTable } from './tables';

type Endpoint<P extends keyof EvEndpoints> = EvEndpoints[P];

const view = (row: ChargerIdTagTable): IdTagView => ({
  idTag: row.id_tag,
  name: row.label,
  blocked: row.blocked === 1,
  createdAt: row.created_at,
});

async function visiblePlant(db: Kysely<Database>, caller: RequestCaller, plantId: string, needed: PlantRole): Promise<AccessiblePlant> {
  const plant = await findTenantPlant(db, caller.user, plantId);
  if (!plant) throw plantNotFound();
  return requirePlantRole(plant, needed);
}

/** The plant's tag that matches `idTag` case-insensitively, as stored. */
async function findTag(db: Kysely<Database>, plantId: string, idTag: string): Promise<ChargerIdTagTable | undefined> {
  const rows = await ocppDb(db).selectFrom('charger_id_tags').selectAll().where('plant_id', '=', plantId).execute();
  return rows.find((row) => row.id_tag.toLowerCase() === idTag.toLowerCase());
}

export async function listPlantIdTags(
  db: Kysely<Database>,
  caller: RequestCaller,
  { plantId }: Endpoint<'ev/id-tag/list'>['request'],
): Promise<Endpoint<'ev/id-tag/list'>['response']> {
  const plant = await visiblePlant(db, caller, plantId, 'viewer');
  const rows = await ocppDb(db)
    .selectFrom('charger_id_tags')
    .selectAll()
    .where('plant_id', '=', plant.id)
    .orderBy('created_at')
    .orderBy('id_tag')
    .limit(PLANT_ID_TAGS_MAX)
    .execute();
  return { idTags: rows.map(view), role: plant.access_role };
}

export async function addPlantIdTag(
  db: Kysely<Database>,
  caller: RequestCaller,
  { plantId, idTag, name }: Endpoint<'ev/id-tag/add'>['request'],
): Promise<IdTagView> {
  const plant = await visiblePlant(db, caller, plantId, 'owner');
  if (await findTag(db, plant.id, idTag)) throw conflict('This id tag is already one of the plant’s', { field: 'idTag' });
  const count = await ocppDb(db)
    .selectFrom('charger_id_tags')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('plant_id', '=', plant.id)
    .executeTakeFirstOrThrow();
  if (Number(count.n) >= PLANT_ID_TAGS_MAX) throw conflict(`A plant may have at most ${PLANT_ID_TAGS_MAX} id tags`, { field: 'plantId' });
  const row: ChargerIdTagTable = {
    plant_id: plant.id,
    id_tag: idTag,
    label: name.trim(),
    blocked: 0,
    expires_at: null,
    created_at: new Date().toISOString(),
  };
  try {
    await inTransaction(db, async (trx) => {
      await ocppDb(trx).insertInto('charger_id_tags').values(row).execute();
      await localListChanged(trx, plant.id);
      await recordRequestAudit(trx, caller, 'plants.id_tag_added', plantTarget(plant), { idTag, name: row.label });
    });
  } catch (error) {
    // The same tag added at the same moment by another call: the primary key refused the second.
    if (await findTag(db, plant.id, idTag)) throw conflict('This id tag is already one of the plant’s', { field: 'idTag' });
    throw error;
  }
  return view(row);
}

export async function blockPlantIdTag(
  db: Kysely<Database>,
  caller: RequestCaller,
  { plantId, idTag, blocked }: Endpoint<'ev/id-tag/block'>['request'],
): Promise<IdTagView> {
  const plant = await visiblePlant(db, caller, plantId, 'owner');
  const tag = await findTag(db, plant.id, idTag);
  if (!tag) throw idTagNotFound();
  await inTransaction(db, async (trx) => {
    await ocppDb(trx)
      .updateTable('charger_id_tags')
      .set({ blocked: blocked ? 1 : 0 })
      .where('plant_id', '=', plant.id)
      .where('id_tag', '=', tag.id_tag)
      .execute();
    await localListChanged(trx, plant.id);
    await recordRequestAudit(trx, caller, blocked ? 'plants.id_tag_blocked' : 'plants.id_tag_unblocked', plantTarget(plant), {
      idTag: tag.id_tag,
      name: tag.label,
    });
  });
  return view({ ...tag, blocked: blocked ? 1 : 0 });
}

export async function removePlantIdTag(
  db: Kysely<Database>,
  caller: RequestCaller,
  { plantId, idTag }: Endpoint<'ev/id-tag/remove'>['request'],
): Promise<void> {
  const plant = await visiblePlant(db, caller, plantId, 'owner');
  const tag = await findTag(db, plant.id, idTag);
  if (!tag) throw idTagNotFound();
  await inTransaction(db, async (trx) => {
    await ocppDb(trx).deleteFrom('charger_id_tags').where('plant_id', '=', plant.id).where('id_tag', '=', tag.id_tag).execute();
    await localListChanged(trx, plant.id);
    await recordRequestAudit(trx, caller, 'plants.id_tag_removed', plantTarget(plant), { idTag: tag.id_tag, name: tag.label });
  });
}

/** Free charging: any id tag starts a session on this charger (the plant's cards are not asked). */
export async function setChargerFreeCharging(
  db: Kysely<Database>,
  caller: RequestCaller,
  { chargerId, freeCharging }: Endpoint<'ev/charger/free-charging'>['request'],
): Promise<Endpoint<'ev/charger/free-charging'>['response']> {
  const { charger, plant } = await visibleCharger(db, caller, chargerId, 'owner');
  await inTransaction(db, async (trx) => {
    await ocppDb(trx)
      .updateTable('chargers')
      .set({ free_charging: freeCharging ? 1 : 0 })
      .where('id', '=', charger.id)
      .execute();
    await recordRequestAudit(trx, caller, 'plants.charger_free_charging', plantTarget(plant), {
      chargerId: charger.id,
      chargePointId: charger.charge_point_id,
      freeCharging,
    });
  });
  return { freeCharging };
}
