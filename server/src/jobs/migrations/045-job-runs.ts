// 045_job_runs: the job_leases row also keeps when its job last ran.
import type { Kysely, Migration } from 'kysely';

/**
 * One lease mechanism for every periodic job: the lease row also keeps when the job last ran, and the
 * remote-control schedules' own lease table goes.
 */
export const jobRunsMigration: Migration = {
  async up(db: Kysely<unknown>): Promise<void> {
    await db.schema.alterTable('job_leases').addColumn('last_run_at', 'bigint').execute();
    await db.schema.dropTable('rc_leases').ifExists().execute();
  },
  async down(db: Kysely<unknown>): Promise<void> {
    await db.schema
      .createTable('rc_leases')
      .addColumn('name', 'text', (c) => c.primaryKey())
      .addColumn('holder', 'text', (c) => c.notNull())
      .addColumn('expires_at', 'text', (c) => c.notNull())
      .execute();
    await db.schema.alterTable('job_leases').dropColumn('last_run_at').execute();
  },
};
