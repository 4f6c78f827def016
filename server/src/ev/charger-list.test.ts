// ev/charger/list through the real app on SQLite and PostgreSQL: a plant's OCPP chargers with what a
// strict charge point (ocpp-rpc's own client) told the central system: connection state, vendor,
// model, firmware and last heartbeat; a charger that never connected has none of it, and another
// organisation's plant is not found.
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import { randomUUID } from 'node:crypto';
import type { RPCClient } from 'ocpp-rpc';
import type { ApiTypes } from '@helio/contracts';
import type { Database } from '../db/schema';
import { startDevices, type DeviceServices } from '../devices/services';
import { insertPlant, insertTenant, recordingLog, userWithToken } from '../devices/test-fixtures';
import { buildApp } from '../http/app';
import { addCharger } from '../ocpp/chargers';
import { BOOT, chargePoint, ocppEndpoint } from '../ocpp/test-charge-point';
import { databaseTargets } from '../testing/databases';
import { apiPost, testConfig } from '../testing/test-app';
import { until } from '../testing/until';

type ChargerList = ApiTypes['ev/charger/list']['response'];

describe.each(databaseTargets())('ev/charger/list on $name', (target) => {
  const run = randomUUID().slice(0, 8);
  let db: Kysely<Database>;
  let devices: DeviceServices;
  let app: FastifyInstance;
  let plantId: string;
  let theirPlantId: string;
  let viewer: string;
  const open: RPCClient[] = [];

  const plantIdOf = async (thing: string) =>
    (await db.selectFrom('plants').select('id').where('thing_name', '=', thing).executeTakeFirstOrThrow()).id;
  const list = async (id: string, token = viewer) => {
    const response = await apiPost(app, 'ev/charger/list', { plantId: id }, token);
    return { status: response.statusCode, chargers: response.json<ChargerList>().chargers };
  };

  beforeAll(async () => {
    db = await target.create();
    const tenant = await insertTenant(db);
    const other = await insertTenant(db);
    await insertPlant(db, tenant, `chargers-ours-${run}`);
    await insertPlant(db, other, `chargers-theirs-${run}`);
    plantId = await plantIdOf(`chargers-ours-${run}`);
    theirPlantId = await plantIdOf(`chargers-theirs-${run}`);
    viewer = (await userWithToken(db, tenant, 'viewer')).idToken;
    const config = testConfig({ mqttPort: 0, simulator: false });
    devices = await startDevices({ db, config, log: recordingLog(), clientId: `charger-list-${run}`, ocppControlTickMs: 0 });
    app = await buildApp({ db, config, devices });
    await app.listen({ port: 0, host: '127.0.0.1' });
  });

  afterAll(async () => {
    await Promise.all(open.map((cp) => cp.close({ force: true })));
    await app.close();
    await devices.close();
    await target.destroy();
  });

  it('lists a plant’s chargers with their connection, what they told at boot and their last heartbeat', async () => {
    expect(await list(plantId)).toEqual({ status: 200, chargers: [] });

    const booted = await addCharger(db, { plantId, chargePointId: `CP-A-${run}`, name: 'Garage' });
    await addCharger(db, { plantId, chargePointId: `CP-B-${run}`, name: 'Carport' });
    await addCharger(db, { plantId: theirPlantId, chargePointId: `CP-C-${run}`, name: 'Theirs' });
    const cp = chargePoint(ocppEndpoint(app), `CP-A-${run}`, booted.password);
    open.push(cp);
    await cp.connect();
    expect(await cp.call('BootNotification', BOOT)).toMatchObject({ status: 'Accepted' });
    await cp.call('Heartbeat', {});

    const { status, chargers } = await list(plantId);
    expect(status).toBe(200);
    expect(chargers).toEqual([
      {
        id: booted.charger.id,
        chargePointId: `CP-A-${run}`,
        name: 'Garage',
        connection: 'online',
        connectionAt: expect.any(String),
        vendor: BOOT.chargePointVendor,
        model: BOOT.chargePointModel,
        firmware: BOOT.firmwareVersion,
        lastHeartbeatAt: expect.any(String),
      },
      {
        id: expect.any(String),
        chargePointId: `CP-B-${run}`,
        name: 'Carport',
        connection: null,
        connectionAt: null,
        vendor: null,
        model: null,
        firmware: null,
        lastHeartbeatAt: null,
      },
    ]);
    expect(Number.isFinite(Date.parse(chargers[0]?.lastHeartbeatAt ?? ''))).toBe(true);

    await cp.close({ force: true });
    await until(async () => ((await list(plantId)).chargers[0]?.connection === 'offline' ? true : undefined), 'the charger offline');
  });

  it('does not find another organisation’s plant', async () => {
    const answer = await apiPost(app, 'ev/charger/list', { plantId: theirPlantId }, viewer);
    expect(answer.statusCode).toBe(404);
  });
});
