// The simulated plants' chargers as OCPP charge points: each demo charger exists (added on the first
// start, also on a database made before chargers had their own table), has a password in the
// simulator's keystore, and the plant's id tags know its cars' card. What the simulator connects to
// is this server's own OCPP endpoint.
import type { Kysely } from 'kysely';
import type { Config } from '../../config';
import type { Database } from '../../db/schema';
import { DEMO_CHARGERS, DEMO_ID_TAG } from '../../demo/demo-chargers';
import { addCharger, addIdTag } from '../../ocpp/chargers';
import { ocppDb } from '../../ocpp/tables';
import { simulatorChargerKeystorePath, simulatorChargerPasswords } from './simulator-keystore';
import type { SimChargePointConfig } from './demo-simulator';

export async function demoChargePoints(
  db: Kysely<Database>,
  config: Config,
  plants: ReadonlyArray<{ id: string; thing_name: string }>,
): Promise<SimChargePointConfig[]> {
  const o = ocppDb(db);
  const wanted: Array<{ plantId: string; thingName: string; charger: (typeof DEMO_CHARGERS)[string][number] }> = [];
  for (const plant of plants)
    for (const charger of DEMO_CHARGERS[plant.thing_name] ?? []) wanted.push({ plantId: plant.id, thingName: plant.thing_name, charger });
  if (wanted.length === 0) return [];
  for (const { plantId, charger } of wanted) {
    const exists = await o.selectFrom('chargers').select('id').where('charge_point_id', '=', charger.chargePointId).executeTakeFirst();
    if (exists) continue;
    const device = charger.deviceSerial
      ? await db
          .selectFrom('devices')
          .select('id')
          .where('plant_id', '=', plantId)
          .where('serial', '=', charger.deviceSerial)
          .executeTakeFirst()
      : undefined;
    await addCharger(db, {
      plantId,
      chargePointId: charger.chargePointId,
      name: charger.name,
      deviceId: device?.id ?? null,
      ratedPowerKw: charger.ratedKw,
    });
  }
  for (const plantId of new Set(wanted.map((w) => w.plantId))) {
    const tag = await o
      .selectFrom('charger_id_tags')
      .select('id_tag')
      .where('plant_id', '=', plantId)
      .where('id_tag', '=', DEMO_ID_TAG)
      .executeTakeFirst();
    if (!tag) await addIdTag(db, { plantId, idTag: DEMO_ID_TAG, label: 'Demo' });
  }
  const rows = await o
    .selectFrom('chargers')
    .select(['id', 'charge_point_id'])
    .where(
      'charge_point_id',
      'in',
      wanted.map((w) => w.charger.chargePointId),
    )
    .execute();
  const passwords = await simulatorChargerPasswords(db, simulatorChargerKeystorePath(config.dataDir), rows);
  const host = config.host === '0.0.0.0' || config.host === '::' ? '127.0.0.1' : config.host;
  return wanted.map(({ thingName, charger }) => ({
    thingName,
    chargePointId: charger.chargePointId,
    password: passwords.get(charger.chargePointId) ?? '',
    endpoint: `ws://${host.includes(':') ? `[${host}]` : host}:${config.port}/ocpp`,
    ratedKw: charger.ratedKw,
    vendor: charger.vendor,
    model: charger.model,
    idTag: DEMO_ID_TAG,
    carAtStart: charger.carAtStart,
  }));
}
