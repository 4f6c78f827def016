// tag/list, tag/create, tag/update, tag/delete and plant/tags/set {plantIds, add, remove}: a tenant's
// plant tags and their assignment in bulk. Names are unique per tenant (409 with details.field 'name');
// another tenant's tag or plant is not found (404). Every change is audited in the change's transaction:
// a change whose audit entry cannot be written is not made.
import type { ApiHandlers } from '../http/api-module';
import type { Kysely } from 'kysely';
import type { AuditTarget } from '../audit/audit-log';
import { recordRequestAudit } from '../audit/request-audit';
import { inTransaction } from '../db/dialect';
import type { Database } from '../db/schema';
import { TAG_COLOURS } from '@helio/contracts';
import { badRequest, conflict, forbidden, plantNotFound, tagNotFound } from '../http/errors';
import { listTenantPlants, requirePlantRole } from '../plants/access';
import { deleteTag, findTagByName, findTenantTag, foreignIds, insertTag, listTags, setPlantTags, updateTag, type TagView } from './tags';
/** Up to this many plants, a bulk assignment's audit entry names each plant id. */
const AUDITED_PLANT_IDS = 20;

const nameTaken = () => conflict('A tag with this name already exists', { field: 'name' });

const tagTarget = (tag: Pick<TagView, 'id' | 'name'>): AuditTarget => ({ type: 'tag', id: tag.id, label: tag.name });

export function tagHandlers({ db }: { db: Kysely<Database> }): ApiHandlers {
  return {
    'tag/list': async (request) => ({
      tags: await listTags(db, request.user.tenantId, undefined, request.user),
      colours: [...TAG_COLOURS],
    }),
    'tag/create': async (request): Promise<TagView> => {
      const { tenantId } = request.user;
      if (await findTagByName(db, tenantId, request.body.name)) throw nameTaken();
      try {
        return await inTransaction(db, async (trx) => {
          const tag = await findTenantTag(trx, tenantId, await insertTag(trx, tenantId, request.body));
          if (!tag) throw tagNotFound();
          await recordRequestAudit(trx, request, 'tags.created', tagTarget(tag), { colour: tag.colour });
          return tag;
        });
      } catch (error) {
        // Two creators at once: the unique key lets one through; the other hears why.
        if (await findTagByName(db, tenantId, request.body.name)) throw nameTaken();
        throw error;
      }
    },
    'tag/update': async (request): Promise<TagView> => {
      const { tenantId } = request.user;
      const { id: tagId, ...change } = request.body;
      const before = await findTenantTag(db, tenantId, tagId);
      if (!before) throw tagNotFound();
      // Checked after the lookup: another tenant's id is a 404 whatever else is wrong with the body.
      if (change.name === undefined && change.colour === undefined) throw badRequest('Give a new name or colour');
      if (change.name !== undefined && (await findTagByName(db, tenantId, change.name, tagId))) throw nameTaken();
      try {
        return await inTransaction(db, async (trx) => {
          await updateTag(trx, tenantId, tagId, change);
          const after = await findTenantTag(trx, tenantId, tagId);
          if (!after) throw tagNotFound();
          await recordRequestAudit(trx, request, 'tags.updated', tagTarget(after), {
            ...(before.name === after.name ? {} : { name: { from: before.name, to: after.name } }),
            ...(before.colour === after.colour ? {} : { colour: { from: before.colour, to: after.colour } }),
          });
          return after;
        });
      } catch (error) {
        if (change.name !== undefined && (await findTagByName(db, tenantId, change.name, tagId))) throw nameTaken();
        throw error;
      }
    },
    'tag/delete': async (request) => {
      const tag = await findTenantTag(db, request.user.tenantId, request.body.id);
      if (!tag) throw tagNotFound();
      // Deleting takes the tag off every plant: only someone who sees every plant it is on may do it.
      const seen = await findTenantTag(db, request.user.tenantId, tag.id, request.user);
      if ((seen?.plantCount ?? 0) < tag.plantCount) {
        throw forbidden('The tag is also on plants you cannot see; ask an administrator to delete it');
      }
      await inTransaction(db, async (trx) => {
        await deleteTag(trx, request.user.tenantId, tag.id);
        await recordRequestAudit(trx, request, 'tags.deleted', tagTarget(tag), { plantCount: tag.plantCount });
      });
      return { ok: true, unassigned: tag.plantCount };
    },
    'plant/tags/set': async (request) => {
      const { tenantId } = request.user;
      const { plantIds, add = [], remove = [] } = request.body;
      // Any plant the caller cannot see or tag not the caller's makes the whole call a 404, before anything
      // is written; tagging a plant is organising it, so it needs the owner role on each plant (else 403).
      const visible = new Map((await listTenantPlants(db, request.user)).map((plant) => [plant.id, plant]));
      for (const plantId of plantIds) {
        const plant = visible.get(plantId);
        if (!plant) throw plantNotFound();
        requirePlantRole(plant, 'owner');
      }
      if ((await foreignIds(db, tenantId, 'tags', [...add, ...remove])).length > 0) throw tagNotFound();
      return inTransaction(db, async (trx) => {
        const changed = await setPlantTags(trx, plantIds, add, remove);
        if (changed.added + changed.removed > 0) {
          // Tags by name, so the log reads without lookups; a whole fleet's plant ids would swamp it.
          const names = new Map((await listTags(trx, tenantId)).map((tag) => [tag.id, tag.name]));
          await recordRequestAudit(trx, request, 'tags.assigned', null, {
            plants: plantIds.length,
            ...(plantIds.length <= AUDITED_PLANT_IDS ? { plantIds } : {}),
            add: add.map((tagId) => names.get(tagId) ?? tagId),
            remove: remove.map((tagId) => names.get(tagId) ?? tagId),
            ...changed,
          });
        }
        return changed;
      });
    },
  };
}
