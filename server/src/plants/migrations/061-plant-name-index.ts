// 061_plant_name_index: the tenant's plants by name and then id, the order every list by name is cut
// in (fleet-query.ts sorts by name, then id, so pages never overlap). The index by name alone left
// PostgreSQL sorting the ties by id on top of it, and at 10,003 plants it preferred sorting every
// plant (22 ms for the middle page of 1,000) to walking the index (3 ms).
import type { Kysely, Migration } from 'kysely';

export const plantNameIndexMigration: Required<Migration> = {
  async up(db: Kysely<unknown>): Promise<void> {
    await db.schema.createIndex('plants_tenant_name_id_idx').on('plants').columns(['tenant_id', 'name_sort', 'id']).execute();
    await db.schema.dropIndex('plants_tenant_name_sort_idx').execute();
  },

  async down(db: Kysely<unknown>): Promise<void> {
    await db.schema.createIndex('plants_tenant_name_sort_idx').on('plants').columns(['tenant_id', 'name_sort']).execute();
    await db.schema.dropIndex('plants_tenant_name_id_idx').execute();
  },
};
