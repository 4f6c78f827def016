// Which plants a report covers, for a caller: one plant they may see, the plants of one tag of their
// organisation that they may see, or all the plants they may see. Another organisation's plant or tag,
// or a plant the caller may not see, is not found (404), as in the rest of the API.
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { plantNotFound, tagNotFound } from '../http/errors';
import { findTenantPlant, type PlantCaller } from '../plants/access';
import type { ReportScope } from './report-data';

export async function reportScope(
  db: Kysely<Database>,
  caller: PlantCaller,
  ask: { plantId?: string; tagId?: string },
): Promise<ReportScope> {
  // Every id given is checked, so another organisation's tag is not found even beside one's own plant.
  const tag = ask.tagId
    ? await db
        .selectFrom('tags')
        .select(['id', 'name'])
        .where('id', '=', ask.tagId)
        .where('tenant_id', '=', caller.tenantId)
        .executeTakeFirst()
    : undefined;
  if (ask.tagId && !tag) throw tagNotFound();
  const plant = ask.plantId ? await findTenantPlant(db, caller, ask.plantId) : undefined;
  if (ask.plantId && !plant) throw plantNotFound();
  const tagIds = tag ? [tag.id] : undefined;
  // A plant and a tag: the plant, if it carries the tag.
  if (plant) return { kind: 'plant', name: plant.name, fleet: { caller, plantId: plant.id, tagIds } };
  if (tag) return { kind: 'tag', name: tag.name, fleet: { caller, tagIds } };
  return { kind: 'fleet', name: null, fleet: { caller } };
}

/** The file name of a report: helio-report-2025-06-<plant or tag name>.pdf, in ASCII. */
export function reportFileName(month: string, name: string | null): string {
  const slug = (name ?? 'all')
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^A-Za-z0-9]+/g, '-')
    .replace(/^-|-$/g, '')
    .toLowerCase()
    .slice(0, 40);
  return `helio-report-${month}-${slug || 'plant'}.pdf`;
}
