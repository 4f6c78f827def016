// 060_day_production: each thing's newest day of PV production in a narrow table of its own
// (tables.ts DayProductionTable). Fleet lists join today's production for every plant; from the
// roll-ups that read one page per plant (a thing's day row sits among its other roll-ups: 9,981 pages
// for 10,003 plants), from here about a hundred. Triggers keep it, so every writer of roll-ups (the
// ingest batches, energy added to an earlier bucket, history imports, deletions) keeps it without
// knowing of it. A late report of an earlier day does not replace a later one.
import { PostgresAdapter, sql, type Kysely, type Migration } from 'kysely';

const isPostgres = (db: Kysely<unknown>) => db.getExecutor().adapter instanceof PostgresAdapter;

/** The PV production metric as it was named then (series/today-energy.ts PRODUCTION_METRIC); frozen here. */
const PRODUCTION_METRIC = 'ActPwrPve';

/** The roll-up rows the table mirrors, as a condition on `row` (a trigger's new or old, or an alias). */
const dayProduction = (row: string) => sql.raw(`${row}.granularity = 'day' and ${row}.metric_key = '${PRODUCTION_METRIC}'`);

const KEEP_NEWEST = sql`insert into day_production (thing_name, bucket, energy_wh) values (new.thing_name, new.bucket, new.energy_wh)
  on conflict (thing_name) do update set bucket = excluded.bucket, energy_wh = excluded.energy_wh
  where day_production.bucket <= excluded.bucket`;
const FORGET = sql`delete from day_production where thing_name = old.thing_name and bucket = old.bucket`;

async function createPostgresTriggers(db: Kysely<unknown>): Promise<void> {
  await sql`create function day_production_keep() returns trigger language plpgsql as $$
    begin
      if tg_op = 'DELETE' then
        ${FORGET};
      else
        ${KEEP_NEWEST};
      end if;
      return null;
    end $$`.execute(db);
  await sql`create trigger day_production_write after insert or update on metric_rollups
    for each row when (${dayProduction('new')}) execute function day_production_keep()`.execute(db);
  await sql`create trigger day_production_delete after delete on metric_rollups
    for each row when (${dayProduction('old')}) execute function day_production_keep()`.execute(db);
}

async function createSqliteTriggers(db: Kysely<unknown>): Promise<void> {
  for (const event of ['insert', 'update'] as const) {
    await sql`create trigger ${sql.raw(`day_production_${event}`)} after ${sql.raw(event)} on metric_rollups
      when ${dayProduction('new')} begin ${KEEP_NEWEST}; end`.execute(db);
  }
  await sql`create trigger day_production_delete after delete on metric_rollups
    when ${dayProduction('old')} begin ${FORGET}; end`.execute(db);
}

export const dayProductionMigration: Required<Migration> = {
  async up(db: Kysely<unknown>): Promise<void> {
    await db.schema
      .createTable('day_production')
      .addColumn('thing_name', 'text', (c) => c.primaryKey())
      .addColumn('bucket', 'bigint', (c) => c.notNull())
      .addColumn('energy_wh', 'double precision', (c) => c.notNull())
      .execute();
    // Rewritten with every report: room for heap-only updates, as 058 gives the roll-ups.
    if (isPostgres(db)) await sql`alter table day_production set (fillfactor = 50)`.execute(db);
    await sql`insert into day_production (thing_name, bucket, energy_wh)
      select r.thing_name, r.bucket, r.energy_wh from metric_rollups r
      where ${dayProduction('r')} and r.bucket = (select max(m.bucket) from metric_rollups m
        where m.thing_name = r.thing_name and ${dayProduction('m')})`.execute(db);
    await (isPostgres(db) ? createPostgresTriggers(db) : createSqliteTriggers(db));
  },

  async down(db: Kysely<unknown>): Promise<void> {
    if (isPostgres(db)) {
      await sql`drop trigger day_production_write on metric_rollups`.execute(db);
      await sql`drop trigger day_production_delete on metric_rollups`.execute(db);
      await sql`drop function day_production_keep()`.execute(db);
    } else {
      for (const name of ['day_production_insert', 'day_production_update', 'day_production_delete'])
        await sql`drop trigger ${sql.raw(name)}`.execute(db);
    }
    await db.schema.dropTable('day_production').execute();
  },
};
