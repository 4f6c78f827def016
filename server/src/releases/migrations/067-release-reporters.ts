// 067_release_reporters: who reported loading a release, and who reported it failing, one row per
// release and signed-in user, so a release's loads and errors count distinct users, not reports: one
// user's forged reports move a canary's judgment by one at most.
import type { Kysely, Migration } from 'kysely';

export const releaseReportersMigration: Migration = {
  async up(db: Kysely<unknown>): Promise<void> {
    await db.schema
      .createTable('release_reporters')
      .addColumn('release_id', 'text', (c) => c.notNull().references('releases.id').onDelete('cascade'))
      .addColumn('user_id', 'text', (c) => c.notNull())
      .addColumn('loaded', 'integer', (c) => c.notNull())
      .addColumn('errored', 'integer', (c) => c.notNull())
      .addColumn('first_at', 'text', (c) => c.notNull())
      .addPrimaryKeyConstraint('release_reporters_pk', ['release_id', 'user_id'])
      .execute();
  },
  async down(db: Kysely<unknown>): Promise<void> {
    await db.schema.dropTable('release_reporters').execute();
  },
};
