// 081_local_lists: the version of each plant's OCPP Local Authorization List. It counts the changes
// of the plant's id tags (added, blocked, unblocked, removed); a charger holding an older version is
// sent the whole list again. A plant without a row never had a card and sends no list. Frozen: no
// import of live code.
import type { Kysely, Migration } from 'kysely';

export const localListsMigration: Required<Migration> = {
  async up(db: Kysely<unknown>): Promise<void> {
    await db.schema
      .createTable('charger_local_lists')
      .addColumn('plant_id', 'text', (c) => c.primaryKey().references('plants.id').onDelete('cascade'))
      .addColumn('version', 'integer', (c) => c.notNull())
      .execute();
  },
  async down(db: Kysely<unknown>): Promise<void> {
    await db.schema.dropTable('charger_local_lists').execute();
  },
};
