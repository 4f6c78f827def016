// 079_ev_vehicles: a plant's vehicles (evcc's vehicle: name, battery, charge limit, a SoC entered by
// hand), and three settings of each charger: the vehicle charging on it, "charge only below this
// price" (CZK/kWh) and a plan repeating on weekdays (JSON text { weekdays, time, targetSocPct }).
// Every existing charger keeps none of them. Frozen: no import of live code.
import type { Kysely, Migration } from 'kysely';

export const evVehiclesMigration: Required<Migration> = {
  async up(db: Kysely<unknown>): Promise<void> {
    await db.schema
      .createTable('ev_vehicles')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('plant_id', 'text', (c) => c.notNull().references('plants.id').onDelete('cascade'))
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('capacity_kwh', 'double precision', (c) => c.notNull())
      .addColumn('charge_limit_pct', 'integer', (c) => c.notNull())
      .addColumn('manual_soc_pct', 'double precision')
      .addColumn('manual_soc_at', 'text')
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addUniqueConstraint('ev_vehicles_plant_name', ['plant_id', 'name'])
      .execute();
    // No foreign key on the new column (SQLite cannot add one to an existing table): removing a vehicle clears it.
    await db.schema.alterTable('chargers').addColumn('vehicle_id', 'text').execute();
    await db.schema.alterTable('chargers').addColumn('price_limit_czk_kwh', 'double precision').execute();
    await db.schema.alterTable('chargers').addColumn('weekly_plan', 'text').execute();
  },
  async down(db: Kysely<unknown>): Promise<void> {
    await db.schema.alterTable('chargers').dropColumn('weekly_plan').execute();
    await db.schema.alterTable('chargers').dropColumn('price_limit_czk_kwh').execute();
    await db.schema.alterTable('chargers').dropColumn('vehicle_id').execute();
    await db.schema.dropTable('ev_vehicles').execute();
  },
};
