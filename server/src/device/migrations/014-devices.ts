// 014_devices: a plant's devices. Deleting a plant deletes its devices. A database seeded before this
// migration gets the demo plants' devices here (a fresh one gets them from the demo seed).
import { randomUUID } from 'node:crypto';
import { sql, type Kysely, type Migration } from 'kysely';

const INVERTER_KEYS = ['ActPwrPve', 'EnergyPveTotal', 'OperMode', 'ExportLimit'];
const BATTERY_KEYS = ['ActPwrBat', 'BatSoc', 'EnergyBatChargeTotal', 'EnergyBatDischargeTotal'];
const CHARGER_KEYS = ['ActPwrEv', 'EvConnected', 'EnergyEvTotal'];
const METER_KEYS = ['ActPwrGrid', 'EnergyGridImportTotal', 'EnergyGridExportTotal'];
const LIVE_KEYS = { inverter: INVERTER_KEYS, battery: BATTERY_KEYS, charger: CHARGER_KEYS, meter: METER_KEYS };

type Row = [
  kind: keyof typeof LIVE_KEYS,
  name: string,
  maker: string,
  model: string,
  serial: string,
  firmware: string,
  ratedKw: number | null,
  capacityKwh?: number,
];

/**
 * The demo plants' devices by thing name as device/demo-devices.ts had them when this migration
 * was written, copied so it stays what it was (frozen: do not edit; the seed gives a fresh database
 * today's demo devices).
 */
const DEMO_DEVICES: Record<string, Row[]> = {
  'demo-brno-01': [
    ['inverter', 'Střídač', 'Huawei', 'SUN2000-10KTL-M1', 'HV2140012345', 'V100R001C10SPC139', 10],
    ['battery', 'Baterie', 'Huawei', 'LUNA2000-10-S0', 'HL2150067890', 'V100R002C00SPC105', 5, 10],
    ['charger', 'Wallbox garáž', 'Wallbox', 'Pulsar Plus 11 kW', 'WB-PP-448812', '6.4.12', 11],
    ['meter', 'Elektroměr', 'Huawei', 'DTSU666-H', 'DT2203311442', '1.02', null],
  ],
  'demo-olomouc-02': [
    ['inverter', 'Střídač hala', 'Huawei', 'SUN2000-50KTL-M3', 'HV2290054321', 'V300R001C00SPC160', 50],
    ['battery', 'Bateriové úložiště', 'BYD', 'Battery-Box Premium HVM', 'BYD-HVM-7731902', 'BMS 3.24', 25, 30],
    ['meter', 'Elektroměr', 'Huawei', 'DTSU666-H', 'DT2203319087', '1.02', null],
  ],
  'demo-plzen-03': [
    ['inverter', 'Střídač', 'Fronius', 'Symo 20.0-3-M', '34127766', '3.28.1-3', 20],
    ['charger', 'Nabíječka parkoviště', 'ABB', 'Terra AC W22', 'ABB-TAC-2209117', '1.8.21', 22],
    ['meter', 'Elektroměr', 'Fronius', 'Smart Meter TS 65A-3', '41198823', '1.5', null],
  ],
  'other-ostrava-01': [
    ['inverter', 'Střídač', 'GoodWe', 'GW15K-ET', '95015ETU224W0123', '04.12', 15],
    ['battery', 'Baterie', 'GoodWe', 'Lynx Home F', 'LXF5120G0098', '2.1.0', 5, 5],
    ['meter', 'Elektroměr', 'GoodWe', 'GM3000', 'GM3000-77120', '1.0', null],
  ],
};

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

    const { rows: demoPlants } = await sql<{ id: string; thing_name: string }>`
      select id, thing_name from plants where thing_name in (${sql.join(Object.keys(DEMO_DEVICES))})`.execute(db);
    const now = new Date().toISOString();
    for (const plant of demoPlants) {
      for (const [kind, name, maker, model, serial, firmware, ratedKw, capacityKwh] of DEMO_DEVICES[plant.thing_name] ?? []) {
        await sql`insert into devices (id, plant_id, kind, name, maker, model, serial, firmware, rated_power_kw, capacity_kwh,
            live_keys, created_at, updated_at)
          values (${randomUUID()}, ${plant.id}, ${kind}, ${name}, ${maker}, ${model}, ${serial}, ${firmware}, ${ratedKw},
            ${capacityKwh ?? null}, ${JSON.stringify(LIVE_KEYS[kind])}, ${now}, ${now})`.execute(db);
      }
    }
  },

  async down(db: Kysely<unknown>): Promise<void> {
    await db.schema.dropTable('devices').execute();
  },
};
