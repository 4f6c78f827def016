// 078_retire_min_soc: a plant no longer keeps a "minimum charge" of its own. The battery's floor is the
// device's BatSocMin, set on /rc and reported by the battery; the plant's battery_min_soc_pct was a
// second value for the same fact that acted on nothing (no alert, no command read it as the floor,
// since the settings form stopped offering it). Its values leave with the column: writing them into the
// devices' desired state would send a floor nobody asked /rc for. The down step brings the column back
// empty (what was dropped is not recoverable from anywhere else).
import type { Kysely, Migration } from 'kysely';

export const retireMinSocMigration: Required<Migration> = {
  async up(db: Kysely<unknown>): Promise<void> {
    await db.schema.alterTable('plants').dropColumn('battery_min_soc_pct').execute();
  },

  async down(db: Kysely<unknown>): Promise<void> {
    await db.schema.alterTable('plants').addColumn('battery_min_soc_pct', 'double precision').execute();
  },
};
