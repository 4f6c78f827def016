// A tenant's plant tags: list with how many plants carry each, create, rename or recolour, delete, and
// add or remove tags on many plants at once. Every lookup is tenant-scoped: another tenant's tag or
// plant is simply not there.
import { randomUUID } from 'node:crypto';
import type { Kysely, Selectable, SelectQueryBuilder } from 'kysely';
import type { Database } from '../db/schema';
import { inTransaction, isOneOf } from '../db/dialect';
import { accessiblePlantIds, seesEveryPlant, type PlantCaller } from '../plants/access';
import type { TagTable } from './tables';

import type { PlantTag, TagColour } from '@helio/contracts';
import { groupedBy } from '../grouped-by';

export type TagView = PlantTag;

export type TagRow = Selectable<TagTable>;

/** What makes two names the same tag: surrounding spaces and case do not count. */
export const tagNameKey = (name: string) => name.trim().toLocaleLowerCase('cs');

const byName = new Intl.Collator('cs').compare;

/**
 * The tenant's tags with how many plants carry each. With `visibleTo` a non-administrator's count
 * covers only the plants they can see: a tag's use elsewhere in the tenant is not theirs to learn.
 */
export async function listTags(db: Kysely<Database>, tenantId: string, onlyId?: string, visibleTo?: PlantCaller): Promise<TagView[]> {
  const restrict = visibleTo !== undefined && !seesEveryPlant(visibleTo);
  let query = db
    .selectFrom('tags')
    .leftJoin('plant_tags', (join) => {
      const onTag = join.onRef('plant_tags.tag_id', '=', 'tags.id');
      return restrict ? onTag.on('plant_tags.plant_id', 'in', accessiblePlantIds(db, visibleTo)) : onTag;
    })
    .select(['tags.id', 'tags.name', 'tags.colour', 'tags.created_at', 'tags.updated_at'])
    .select((eb) => eb.fn.count<string | number>('plant_tags.plant_id').as('plant_count'))
    .where('tags.tenant_id', '=', tenantId)
    .groupBy(['tags.id', 'tags.name', 'tags.colour', 'tags.created_at', 'tags.updated_at']);
  if (onlyId !== undefined) query = query.where('tags.id', '=', onlyId);
  const rows = await query.execute();
  return rows
    .map((row) => ({
      id: row.id,
      name: row.name,
      colour: row.colour as TagColour,
      plantCount: Number(row.plant_count),
      createdAt: row.created_at,
      updatedAt: row.updated_at,
    }))
    .sort((a, b) => byName(a.name, b.name));
}

export async function findTenantTag(
  db: Kysely<Database>,
  tenantId: string,
  tagId: string,
  visibleTo?: PlantCaller,
): Promise<TagView | undefined> {
  const [tag] = await listTags(db, tenantId, tagId, visibleTo);
  return tag;
}

/** The tag of the tenant that already has this name (any case), other than `exceptId`. */
export function findTagByName(db: Kysely<Database>, tenantId: string, name: string, exceptId?: string): Promise<TagRow | undefined> {
  let query = db.selectFrom('tags').selectAll().where('tenant_id', '=', tenantId).where('name_key', '=', tagNameKey(name));
  if (exceptId !== undefined) query = query.where('id', '<>', exceptId);
  return query.executeTakeFirst();
}

export async function insertTag(db: Kysely<Database>, tenantId: string, input: { name: string; colour: TagColour }): Promise<string> {
  const id = randomUUID();
  await db
    .insertInto('tags')
    .values({
      id,
      tenant_id: tenantId,
      name: input.name.trim(),
      name_key: tagNameKey(input.name),
      colour: input.colour,
      created_at: new Date().toISOString(),
      updated_at: null,
    })
    .execute();
  return id;
}

export async function updateTag(
  db: Kysely<Database>,
  tenantId: string,
  tagId: string,
  change: { name?: string; colour?: TagColour },
): Promise<void> {
  await db
    .updateTable('tags')
    .set({
      ...(change.name === undefined ? {} : { name: change.name.trim(), name_key: tagNameKey(change.name) }),
      ...(change.colour === undefined ? {} : { colour: change.colour }),
      updated_at: new Date().toISOString(),
    })
    .where('tenant_id', '=', tenantId)
    .where('id', '=', tagId)
    .execute();
}

export async function deleteTag(db: Kysely<Database>, tenantId: string, tagId: string): Promise<void> {
  // The assignments go with it (plant_tags cascades).
  await db.deleteFrom('tags').where('tenant_id', '=', tenantId).where('id', '=', tagId).execute();
}

/** Ids among `ids` that are not the tenant's `table` rows (plants or tags). */
export async function foreignIds(
  db: Kysely<Database>,
  tenantId: string,
  table: 'plants' | 'tags',
  ids: readonly string[],
): Promise<string[]> {
  if (ids.length === 0) return [];
  const found = await db
    .selectFrom(table)
    .select('id')
    .where('tenant_id', '=', tenantId)
    .where('id', 'in', [...new Set(ids)])
    .execute();
  const known = new Set(found.map((row) => row.id));
  return ids.filter((id) => !known.has(id));
}

/**
 * Adds `add` to and takes `remove` off every plant of `plantIds`, in one transaction (the caller's, if
 * `db` is one); an assignment
 * that is already there (or already gone) is left as it is. Answers how many assignments changed.
 */
export async function setPlantTags(
  db: Kysely<Database>,
  plantIds: readonly string[],
  add: readonly string[],
  remove: readonly string[],
): Promise<{ added: number; removed: number }> {
  return inTransaction(db, async (trx) => {
    let removed = 0;
    if (remove.length > 0) {
      const result = await trx
        .deleteFrom('plant_tags')
        .where('plant_id', 'in', [...plantIds])
        .where('tag_id', 'in', [...remove])
        .executeTakeFirst();
      removed = Number(result.numDeletedRows);
    }
    let added = 0;
    if (add.length > 0) {
      const existing = await trx
        .selectFrom('plant_tags')
        .select(['plant_id', 'tag_id'])
        .where('plant_id', 'in', [...plantIds])
        .where('tag_id', 'in', [...add])
        .execute();
      const have = new Set(existing.map((row) => `${row.plant_id} ${row.tag_id}`));
      const values = plantIds.flatMap((plantId) =>
        add.filter((tagId) => !have.has(`${plantId} ${tagId}`)).map((tagId) => ({ plant_id: plantId, tag_id: tagId })),
      );
      // A batch stays well under SQLite's and PostgreSQL's bound-parameter limits.
      for (let i = 0; i < values.length; i += 500)
        await trx
          .insertInto('plant_tags')
          .values(values.slice(i, i + 500))
          .execute();
      added = values.length;
    }
    return { added, removed };
  });
}

/** Every plant of the tenant that carries a tag (or of the plants named), with its tag ids (sorted), in one query. */
export async function tagIdsByPlant<DB, TB extends keyof DB>(
  db: Kysely<Database>,
  tenantId: string,
  /** The plants' ids, or a query selecting them (a page's ids, so that this runs alongside the page's rows). */
  onlyPlantIds?: readonly string[] | SelectQueryBuilder<DB, TB, { id: string }>,
): Promise<Map<string, string[]>> {
  if (Array.isArray(onlyPlantIds) && onlyPlantIds.length === 0) return new Map();
  let query = db
    .selectFrom('plant_tags')
    .innerJoin('tags', 'tags.id', 'plant_tags.tag_id')
    .select(['plant_tags.plant_id', 'plant_tags.tag_id'])
    .where('tags.tenant_id', '=', tenantId);
  if (Array.isArray(onlyPlantIds)) query = query.where(isOneOf(db, 'plant_tags.plant_id', onlyPlantIds));
  else if (onlyPlantIds !== undefined) query = query.where('plant_tags.plant_id', 'in', onlyPlantIds);
  const rows = await query.execute();
  const byPlant = groupedBy(
    rows,
    (row) => row.plant_id,
    (row) => row.tag_id,
  );
  // A plant has a few tags: sorting each short list beats sorting every row in SQL.
  for (const list of byPlant.values()) list.sort();
  return byPlant;
}
