// `npm start`'s path end to end: the demo plants' chargers, simulated, speak OCPP 1.6J (ocpp-rpc's
// client, strict) to the server's own endpoint: they boot, Brno's second charger with a car
// plugged in starts a session with the demo card, its meter values reach its shadow and series, and
// it obeys a charging profile sent through the command history; the demo card is in its local list.
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { seedDemoData } from '../demo/seed';
import { startDevices, type DeviceServices } from '../iot/services';
import { recordingLog } from '../iot/test-fixtures';
import { buildApp } from '../http/app';
import { databaseTargets } from '../testing/databases';
import { testConfig } from '../testing/test-app';
import { until } from '../testing/until';
import { chargingProfileFor } from './solar-profile';
import { ocppDb } from './tables';

/** From this session's port block: the simulated chargers are told the server's port before it listens. */
const PORT = 20330;
const sqlite = databaseTargets().find((t) => t.name === 'sqlite');

describe('the simulator’s chargers over OCPP', () => {
  let db: Kysely<Database>;
  let devices: DeviceServices;
  let app: FastifyInstance;

  beforeAll(async () => {
    db = await sqlite!.create();
    await seedDemoData(db);
    const config = testConfig({ mqttPort: 0, port: PORT, host: '127.0.0.1', simulator: true, simIntervalMs: 500 });
    devices = await startDevices({ db, config, log: recordingLog(), clientId: 'ocpp-simulator-test', ocppControlTickMs: 0 });
    app = await buildApp({ db, config, devices });
    await app.listen({ port: PORT, host: '127.0.0.1' });
  });

  afterAll(async () => {
    await app.close();
    await devices.close();
    await sqlite!.destroy();
  });

  it('boots the demo chargers, charges the plugged car with the demo card and obeys a profile', async () => {
    const o = ocppDb(db);
    const online = () =>
      o
        .selectFrom('chargers')
        .select(['charge_point_id', 'connection', 'vendor'])
        .where('password_hash', 'is not', null)
        .orderBy('charge_point_id')
        .execute();
    await until(async () => (await online()).every((c) => c.connection === 'online' && c.vendor !== null), 'the demo chargers online');
    expect((await online()).map((c) => c.charge_point_id)).toEqual(['demo-brno-01-ev1', 'demo-brno-01-ev2']);
    // Plzeň's car-park charger stays its gateway's: a charger without a password, never connected.
    const gateways = await o.selectFrom('chargers').select(['charge_point_id', 'connection']).where('password_hash', 'is', null).execute();
    expect(gateways).toEqual([{ charge_point_id: 'demo-plzen-03-ev1', connection: null }]);

    const plugged = await o.selectFrom('chargers').selectAll().where('charge_point_id', '=', 'demo-brno-01-ev2').executeTakeFirstOrThrow();
    const session = await until(
      () => o.selectFrom('charging_transactions').selectAll().where('charger_id', '=', plugged.id).executeTakeFirst(),
      'the plugged car’s session',
    );
    expect(session).toMatchObject({ id_tag: 'DEMO-CARD-01', connector_id: 1, stopped_at: null });
    const charging = await until(async () => {
      const reported = (await devices.shadows.get(plugged.thing_name))?.state.reported;
      return typeof reported?.ActPwrEv === 'number' && reported.ActPwrEv > 0 && reported.EvStatus === 'Charging' ? reported : undefined;
    }, 'the session’s power in the charger’s shadow');
    expect(charging).toMatchObject({ EvStatus: 'Charging', EvConnected: true, EvOnline: true });

    // The demo card reached the charger's Local Authorization List, for a start while it is offline.
    const listed = await until(async () => {
      const sent = (await devices.ocpp.commands.list(plugged.id)).find((c) => c.action === 'SendLocalList');
      return sent?.state !== 'pending' && sent;
    }, 'the local list sent after the boot');
    expect(listed).toMatchObject({ state: 'accepted', source: 'system' });
    expect(listed.payload).toMatchObject({
      updateType: 'Full',
      localAuthorizationList: [{ idTag: 'DEMO-CARD-01', idTagInfo: { status: 'Accepted' } }],
    });

    const profile = chargingProfileFor(8, 3, Number(session.id));
    const answer = await devices.ocpp.commands.sendAndWait(
      plugged.id,
      'SetChargingProfile',
      { connectorId: 1, csChargingProfiles: profile },
      { source: 'user' },
    );
    expect(answer.state).toBe('accepted');
    await until(
      async () => (await devices.shadows.get(plugged.thing_name))?.state.reported.EvCurrent === 8,
      'the charger following the 8 A limit',
    );
  });
});
