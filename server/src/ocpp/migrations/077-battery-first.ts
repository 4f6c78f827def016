// 077_battery_first: a charger's home-battery priority (evcc's prioritySoc, per charger): below this
// state of charge of the plant's battery, the power the battery is taking is not counted as surplus
// for the charger's PV and Min+PV modes. 0: off, which every existing charger keeps.
import type { Kysely, Migration } from 'kysely';

export const batteryFirstMigration: Required<Migration> = {
  async up(db: Kysely<unknown>): Promise<void> {
    await db.schema
      .alterTable('chargers')
      .addColumn('battery_first_below_pct', 'integer', (c) => c.notNull().defaultTo(0))
      .execute();
  },
  async down(db: Kysely<unknown>): Promise<void> {
    await db.schema.alterTable('chargers').dropColumn('battery_first_below_pct').execute();
  },
};
