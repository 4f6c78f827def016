// 014_devices: a plant's devices. Deleting a plant deletes its devices. A database seeded before this
// migration gets the demo plants' devices here (a fresh one gets them from the demo seed).
import { sql, type Kysely, type Migration } from 'kysely';
import type { Database } from '../db/schema';
import { DEMO_DEVICES, insertDemoDevices } from './demo-devices';

export const plantDevicesMigration: Required<Migration> = {
  async up(db: Kysely<unknown>): Promise<void> {
    await db.schema
      .createTable('devices')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('plant_id', 'text', (c) => c.notNull().references('plants.id').onDelete('cascade'))
      .addColumn('kind', 'text', (c) => c.notNull().check(sql`kind in ('inverter', 'battery', 'charger', 'meter')`))
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('maker', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('model', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('serial', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('firmware', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('rated_power_kw', 'double precision')
      .addColumn('capacity_kwh', 'double precision')
      .addColumn('live_keys', 'text', (c) => c.notNull().defaultTo('[]'))
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('updated_at', 'text', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('devices_plant_idx').on('devices').columns(['plant_id', 'kind']).execute();

    const typed = db as unknown as Kysely<Database>;
    const demoPlants = await typed
      .selectFrom('plants')
      .select(['id', 'thing_name'])
      .where('thing_name', 'in', Object.keys(DEMO_DEVICES))
      .execute();
    await insertDemoDevices(typed, demoPlants);
  },

  async down(db: Kysely<unknown>): Promise<void> {
    await db.schema.dropTable('devices').execute();
  },
};
