// 015_simulated_plants: which plants the in-process demo simulator may run. Only the demo plants are
// marked; a plant a tenant creates is real, so the simulator never rotates its gateway password nor
// writes made-up history for it.
import { sql, type Kysely, type Migration } from 'kysely';

/**
 * The demo plants' thing names when this migration was written (demo/demo-data.ts then), frozen here:
 * a demo plant added later is marked simulated by the seed that creates it, not by this migration.
 */
const DEMO_THING_NAMES = ['demo-brno-01', 'demo-olomouc-02', 'demo-plzen-03', 'other-ostrava-01'];

export const simulatedPlantsMigration: Required<Migration> = {
  async up(db: Kysely<unknown>): Promise<void> {
    await db.schema
      .alterTable('plants')
      .addColumn('simulated', 'integer', (c) => c.notNull().defaultTo(0))
      .execute();
    await sql`update plants set simulated = 1 where thing_name in (${sql.join(DEMO_THING_NAMES)})`.execute(db);
  },

  async down(db: Kysely<unknown>): Promise<void> {
    await db.schema.alterTable('plants').dropColumn('simulated').execute();
  },
};
