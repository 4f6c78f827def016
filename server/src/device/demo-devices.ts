// The demo plants' devices, matching what the simulator reports for each (device-simulator's
// toReported): one inverter for the PV keys, the battery and charger where the plant has them, and the
// grid meter. Plants made with plant/create start with none.
import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import type { DeviceFields } from '@helio/contracts';
import type { DeviceKind } from './tables';

export type DemoDevice = DeviceFields & { kind: DeviceKind };

const INVERTER_KEYS = ['ActPwrPve', 'EnergyPveTotal', 'OperMode', 'ExportLimit'];
const BATTERY_KEYS = ['ActPwrBat', 'BatSoc', 'EnergyBatChargeTotal', 'EnergyBatDischargeTotal'];
const CHARGER_KEYS = ['ActPwrEv', 'EvConnected', 'EnergyEvTotal'];
const METER_KEYS = ['ActPwrGrid', 'EnergyGridImportTotal', 'EnergyGridExportTotal'];

const device = (kind: DeviceKind, rest: Omit<DemoDevice, 'kind' | 'liveKeys' | 'capacityKwh'> & { capacityKwh?: number }): DemoDevice => ({
  kind,
  capacityKwh: rest.capacityKwh ?? null,
  liveKeys: { inverter: INVERTER_KEYS, battery: BATTERY_KEYS, charger: CHARGER_KEYS, meter: METER_KEYS }[kind],
  ...rest,
});

/** By thing name (see demo-data.ts). */
export const DEMO_DEVICES: Record<string, DemoDevice[]> = {
  'demo-brno-01': [
    device('inverter', {
      name: 'Střídač',
      maker: 'Huawei',
      model: 'SUN2000-10KTL-M1',
      serial: 'HV2140012345',
      firmware: 'V100R001C10SPC139',
      ratedPowerKw: 10,
    }),
    device('battery', {
      name: 'Baterie',
      maker: 'Huawei',
      model: 'LUNA2000-10-S0',
      serial: 'HL2150067890',
      firmware: 'V100R002C00SPC105',
      ratedPowerKw: 5,
      capacityKwh: 10,
    }),
    device('charger', {
      name: 'Wallbox garáž',
      maker: 'Wallbox',
      model: 'Pulsar Plus 11 kW',
      serial: 'WB-PP-448812',
      firmware: '6.4.12',
      ratedPowerKw: 11,
    }),
    device('meter', {
      name: 'Elektroměr',
      maker: 'Huawei',
      model: 'DTSU666-H',
      serial: 'DT2203311442',
      firmware: '1.02',
      ratedPowerKw: null,
    }),
  ],
  'demo-olomouc-02': [
    device('inverter', {
      name: 'Střídač hala',
      maker: 'Huawei',
      model: 'SUN2000-50KTL-M3',
      serial: 'HV2290054321',
      firmware: 'V300R001C00SPC160',
      ratedPowerKw: 50,
    }),
    device('battery', {
      name: 'Bateriové úložiště',
      maker: 'BYD',
      model: 'Battery-Box Premium HVM',
      serial: 'BYD-HVM-7731902',
      firmware: 'BMS 3.24',
      ratedPowerKw: 25,
      capacityKwh: 30,
    }),
    device('meter', {
      name: 'Elektroměr',
      maker: 'Huawei',
      model: 'DTSU666-H',
      serial: 'DT2203319087',
      firmware: '1.02',
      ratedPowerKw: null,
    }),
  ],
  'demo-plzen-03': [
    device('inverter', {
      name: 'Střídač',
      maker: 'Fronius',
      model: 'Symo 20.0-3-M',
      serial: '34127766',
      firmware: '3.28.1-3',
      ratedPowerKw: 20,
    }),
    device('charger', {
      name: 'Nabíječka parkoviště',
      maker: 'ABB',
      model: 'Terra AC W22',
      serial: 'ABB-TAC-2209117',
      firmware: '1.8.21',
      ratedPowerKw: 22,
    }),
    device('meter', {
      name: 'Elektroměr',
      maker: 'Fronius',
      model: 'Smart Meter TS 65A-3',
      serial: '41198823',
      firmware: '1.5',
      ratedPowerKw: null,
    }),
  ],
  'other-ostrava-01': [
    device('inverter', {
      name: 'Střídač',
      maker: 'GoodWe',
      model: 'GW15K-ET',
      serial: '95015ETU224W0123',
      firmware: '04.12',
      ratedPowerKw: 15,
    }),
    device('battery', {
      name: 'Baterie',
      maker: 'GoodWe',
      model: 'Lynx Home F',
      serial: 'LXF5120G0098',
      firmware: '2.1.0',
      ratedPowerKw: 5,
      capacityKwh: 5,
    }),
    device('meter', { name: 'Elektroměr', maker: 'GoodWe', model: 'GM3000', serial: 'GM3000-77120', firmware: '1.0', ratedPowerKw: null }),
  ],
};

/** Gives each demo plant among `plants` its devices (by thing name); other plants get none. */
export async function insertDemoDevices(db: Kysely<Database>, plants: readonly { id: string; thing_name: string }[]): Promise<void> {
  const now = new Date().toISOString();
  const rows = plants.flatMap((plant) =>
    (DEMO_DEVICES[plant.thing_name] ?? []).map((d) => ({
      id: randomUUID(),
      plant_id: plant.id,
      kind: d.kind,
      name: d.name,
      maker: d.maker,
      model: d.model,
      serial: d.serial,
      firmware: d.firmware,
      rated_power_kw: d.ratedPowerKw,
      capacity_kwh: d.capacityKwh,
      live_keys: JSON.stringify(d.liveKeys),
      created_at: now,
      updated_at: now,
    })),
  );
  if (rows.length > 0) await db.insertInto('devices').values(rows).execute();
}
