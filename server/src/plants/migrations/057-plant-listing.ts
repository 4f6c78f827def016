// 057_plant_listing: the columns plant lists sort and search by (plants/listing-columns.ts, as it was
// then in 057-listing-columns.ts), filled in for the plants stored before; the index the tenant's plants are paged by name through, the one their time
// zones are read by (today begins at a different time in each), and a partial index of the day
// roll-ups of PV production, so today's production of a whole fleet is found without reading every
// roll-up of every metric. The sort keys compare as bytes: PostgreSQL is told so (collation "C"),
// SQLite compares text that way anyway.
import { PostgresAdapter, sql, type Kysely, type Migration } from 'kysely';

import { plantListingColumns } from './057-listing-columns';

const isPostgres = (db: Kysely<unknown>) => db.getExecutor().adapter instanceof PostgresAdapter;
/** The PV production metric as it was named then (series/today-energy.ts PRODUCTION_METRIC); frozen here. */
const PRODUCTION_METRIC = 'ActPwrPve';
const BATCH = 500;
const COLUMNS = ['name_sort', 'location_sort', 'name_search', 'location_search'] as const;

export const plantListingMigration: Required<Migration> = {
  async up(db: Kysely<unknown>): Promise<void> {
    const bytewise = isPostgres(db) ? sql`text collate "C"` : sql`text`;
    for (const column of COLUMNS) {
      await db.schema
        .alterTable('plants')
        .addColumn(column, column.endsWith('_sort') ? bytewise : 'text', (c) => c.notNull().defaultTo(''))
        .execute();
    }
    for (let after = ''; ;) {
      const { rows } = await sql<{ id: string; name: string; location: string }>`
        select id, name, location from plants where id > ${after} order by id limit ${BATCH}`.execute(db);
      for (const row of rows) {
        const columns = plantListingColumns(row);
        await sql`update plants set name_sort = ${columns.name_sort}, location_sort = ${columns.location_sort},
          name_search = ${columns.name_search}, location_search = ${columns.location_search} where id = ${row.id}`.execute(db);
      }
      const last = rows.at(-1);
      if (!last) break;
      after = last.id;
    }
    await db.schema.createIndex('plants_tenant_name_sort_idx').on('plants').columns(['tenant_id', 'name_sort']).execute();
    await db.schema.createIndex('plants_tenant_timezone_idx').on('plants').columns(['tenant_id', 'timezone']).execute();
    await db.schema
      .createIndex('metric_rollups_day_production_idx')
      .on('metric_rollups')
      .columns(['bucket', 'thing_name'])
      .where(sql.ref('granularity'), '=', sql.lit('day'))
      .where(sql.ref('metric_key'), '=', sql.lit(PRODUCTION_METRIC))
      .execute();
  },

  async down(db: Kysely<unknown>): Promise<void> {
    await db.schema.dropIndex('metric_rollups_day_production_idx').execute();
    await db.schema.dropIndex('plants_tenant_timezone_idx').execute();
    await db.schema.dropIndex('plants_tenant_name_sort_idx').execute();
    for (const column of [...COLUMNS].reverse()) await db.schema.alterTable('plants').dropColumn(column).execute();
  },
};
