// Tenant-scoped plant lookups. A plant of another tenant is simply not found: callers answer 404,
// never 403, so plant ids and thing names of other tenants cannot be probed.
import type { Kysely, Selectable } from 'kysely';
import type { Database, PlantTable } from '../db/schema';

export type PlantRow = Selectable<PlantTable>;

export function findTenantPlantByThingName(
  db: Kysely<Database>,
  tenantId: string,
  thingName: string,
): Promise<PlantRow | undefined> {
  return db
    .selectFrom('plants')
    .selectAll()
    .where('tenant_id', '=', tenantId)
    .where('thing_name', '=', thingName)
    .executeTakeFirst();
}

export function findTenantPlant(db: Kysely<Database>, tenantId: string, plantId: string): Promise<PlantRow | undefined> {
  return db
    .selectFrom('plants')
    .selectAll()
    .where('tenant_id', '=', tenantId)
    .where('id', '=', plantId)
    .executeTakeFirst();
}

export function listTenantPlants(db: Kysely<Database>, tenantId: string): Promise<PlantRow[]> {
  return db.selectFrom('plants').selectAll().where('tenant_id', '=', tenantId).execute();
}
