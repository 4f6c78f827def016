// 080_session_vehicles: each OCPP charging session keeps the vehicle that was on its charger when it
// started, so the session list still names the car after the charger's vehicle changes. Sessions
// before it name none. No foreign key (SQLite cannot add one to an existing table): a removed vehicle
// leaves the id, and the list names it no more. Frozen: no import of live code.
import type { Kysely, Migration } from 'kysely';

export const sessionVehiclesMigration: Required<Migration> = {
  async up(db: Kysely<unknown>): Promise<void> {
    await db.schema.alterTable('charging_transactions').addColumn('vehicle_id', 'text').execute();
  },
  async down(db: Kysely<unknown>): Promise<void> {
    await db.schema.alterTable('charging_transactions').dropColumn('vehicle_id').execute();
  },
};
