// The charging controller on a driven clock, for server suites: a plant with one OCPP charger in a
// session, its charging profiles recorded instead of sent, and the limit each tick last sent.
import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import type { JsonObject } from '../iot/shadows/json';
import { emptyShadow } from '../iot/shadows/shadow-doc';
import type { ShadowStore } from '../iot/shadows/shadow-store';
import { insertPlant, recordingLog } from '../iot/test-fixtures';
import { addCharger } from './chargers';
import { ChargingController, type ControllerDeps } from './charging-controller';
import type { ChargerCommands } from './commands';
import { SOLAR_TIMING } from './solar-profile';
import { ocppDb } from './tables';

export interface ControllerRig {
  plantId: string;
  chargerId: string;
  /** The plant's shadow as the controller reads it. */
  shadows: ShadowStore;
  /** What the plant reports; change it between ticks. */
  reported: JsonObject;
  /** Every limit sent, in A. */
  limits: number[];
  /** Every call sent to the charger, in order. */
  calls: Array<{ action: string; payload: unknown }>;
  /** Moves the clock to `at` and runs the controller: the limit last sent. */
  at(at: number): Promise<number | undefined>;
}

/**
 * A plant of the tenant (no battery) with an 11 kW OCPP charger whose session started at `startedAt`.
 * `deps` adds the controller's price or weekly plans (given the rig's shadows).
 */
export async function controllerRig(
  db: Kysely<Database>,
  tenantId: string,
  { startedAt, deps = () => ({}) }: { startedAt: number; deps?: (shadows: ShadowStore) => Partial<ControllerDeps> },
): Promise<ControllerRig> {
  const thing = `rig-${randomUUID().slice(0, 8)}`;
  await insertPlant(db, tenantId, thing, { batteryKwh: null });
  const plantId = (await db.selectFrom('plants').select('id').where('thing_name', '=', thing).executeTakeFirstOrThrow()).id;
  const { charger } = await addCharger(db, { plantId, chargePointId: `CP-${randomUUID().slice(0, 8)}`, name: 'Garáž', ratedPowerKw: 11 });
  await ocppDb(db)
    .insertInto('charging_transactions')
    .values({ charger_id: charger.id, connector_id: 1, id_tag: 'X', meter_start_wh: 0, started_at: new Date(startedAt).toISOString() })
    .execute();
  const reported: JsonObject = {};
  const shadows = {
    get: async (name: string) => {
      const doc = emptyShadow();
      if (name === thing) doc.state.reported = { ...reported };
      return doc;
    },
  } as unknown as ShadowStore;
  const limits: number[] = [];
  const calls: Array<{ action: string; payload: unknown }> = [];
  type Profile = { csChargingProfiles: { chargingSchedule: { chargingSchedulePeriod: Array<{ limit: number }> } } };
  const commands = {
    send: async (_id: string, action: string, payload: unknown) => {
      calls.push({ action, payload });
      if (action === 'SetChargingProfile')
        limits.push((payload as Profile).csChargingProfiles.chargingSchedule.chargingSchedulePeriod[0]!.limit);
      return {};
    },
    sendAndWait: async () => ({ answer: { configurationKey: [] } }),
  } as unknown as ChargerCommands;
  let clock = startedAt;
  const controller = new ChargingController({
    db,
    shadows,
    commands,
    log: recordingLog(),
    held: () => [charger.id],
    now: () => clock,
    timing: SOLAR_TIMING,
    ...deps(shadows),
  });
  return {
    plantId,
    chargerId: charger.id,
    shadows,
    reported,
    limits,
    calls,
    async at(at) {
      clock = at;
      await controller.tick();
      return limits.at(-1);
    },
  };
}
