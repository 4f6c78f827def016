// The OCPP API suites' one set-up on SQLite or PostgreSQL: the real app listening on loopback (so
// ocpp-rpc's own strict client can connect), a plant of one tenant and one of another, and the callers
// the access rules tell apart. Called inside a describe: it registers its own hooks there, and the
// charge points a test connects are closed after it.
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import type { Kysely } from 'kysely';
import { randomUUID } from 'node:crypto';
import type { RPCClient } from 'ocpp-rpc';
import type { EvEndpoints } from '@helio/contracts';
import type { Database } from '../db/schema';
import type { FloodLimits } from '../iot/mqtt/flood-guard';
import { buildApp } from '../http/app';
import { addRole, addUser, tokenFor, type TestUser } from '../iam/test-fixtures';
import { startDevices, type DeviceServices } from '../iot/services';
import { insertPlant, insertTenant, recordingLog } from '../iot/test-fixtures';
import { grantPlantAccess } from '../plants/access';
import type { TestDatabase } from './databases';
import { apiPost, testConfig } from './test-app';
import { addCharger } from '../ocpp/chargers';
import type { ChargerTable } from '../ocpp/tables';
import { BOOT, chargePoint, ocppEndpoint } from '../ocpp/test-charge-point';

type Login = EvEndpoints['ev/charger/add']['response'];

export interface OcppApiRig {
  db: Kysely<Database>;
  devices: DeviceServices;
  app: FastifyInstance;
  tenantId: string;
  plantId: string;
  /** The plant's thing name (its shadow). */
  thing: string;
  /** Another tenant's plant. */
  theirPlantId: string;
  /** Tokens, each with the ev module: the plant's owner, an operator and a viewer of it, another tenant's owner. */
  owner: string;
  operator: string;
  viewer: string;
  theirOwner: string;
  /** A user who may write plants in general but only views this one. */
  plantViewerWithWrite: string;
  /** The tenant's owner without the ev module. */
  withoutEv: string;
  /** POST /api/<path> as `token` (the owner's when not given). */
  call(path: string, body: unknown, token?: string): Promise<LightMyRequestResponse>;
  /** Adds an OCPP charger to the plant: its charge point id and the login answered (the password once). */
  add(name?: string, token?: string, plant?: string): Promise<{ chargePointId: string; login: Login; response: LightMyRequestResponse }>;
  /** A strict charge point (ocpp-rpc's own client) signed in with the login and booted. */
  connect(chargePointId: string, password: string): Promise<RPCClient>;
  /** A charger added to the plant through the store and a strict charge point for it, connected, not yet booted. */
  unbooted(opts?: { free?: boolean }): Promise<{ cp: RPCClient; charger: ChargerTable; password: string; cpId: string }>;
  /** The OCPP endpoint's address on loopback. */
  endpoint: string;
  /** Has a charge point the test made itself closed after the test. */
  track(cp: RPCClient): RPCClient;
}

export function ocppApiRig(target: TestDatabase, name: string, options: { callTimeoutMs?: number; flood?: FloodLimits } = {}): OcppApiRig {
  const open: RPCClient[] = [];
  const rig = {
    call: (path: string, body: unknown, token?: string) => apiPost(rig.app, path, body, token ?? rig.owner),
    async add(chargerName = 'Wallbox garáž', token?: string, plant?: string) {
      const chargePointId = `CP-${randomUUID().slice(0, 8)}`;
      const response = await rig.call('ev/charger/add', { plantId: plant ?? rig.plantId, chargePointId, name: chargerName }, token);
      expect(response.statusCode).toBe(200);
      return { chargePointId, login: response.json<Login>(), response };
    },
    async connect(chargePointId: string, password: string) {
      const cp = rig.track(chargePoint(rig.endpoint, chargePointId, password));
      await cp.connect();
      await cp.call('BootNotification', BOOT);
      return cp;
    },
    async unbooted(opts: { free?: boolean } = {}) {
      const cpId = `CP-${randomUUID().slice(0, 8)}`;
      const { charger, password } = await addCharger(rig.db, {
        plantId: rig.plantId,
        chargePointId: cpId,
        name: `Charger ${cpId}`,
        freeCharging: opts.free,
      });
      const cp = rig.track(chargePoint(rig.endpoint, cpId, password));
      await cp.connect();
      return { cp, charger, password, cpId };
    },
    track(cp: RPCClient) {
      open.push(cp);
      return cp;
    },
  } as OcppApiRig;

  beforeAll(async () => {
    const db = await target.create();
    const tenantId = await insertTenant(db);
    const other = await insertTenant(db);
    const thing = `${name}-${randomUUID().slice(0, 8)}`;
    const theirThing = `${name}-${randomUUID().slice(0, 8)}`;
    await insertPlant(db, tenantId, thing);
    await insertPlant(db, other, theirThing);
    const plantIdOf = async (t: string) =>
      (await db.selectFrom('plants').select('id').where('thing_name', '=', t).executeTakeFirstOrThrow()).id;
    const plantId = await plantIdOf(thing);
    const ev = ['monitoring', 'management', 'ev'];
    const onPlant = async (user: TestUser, role: 'viewer' | 'operator') => {
      await grantPlantAccess(db, { plantId, userId: user.id, role });
      return tokenFor(db, user);
    };
    // May change plants in general, but is only a viewer of this one: the plant's owner role is missing.
    const writer = await addUser(db, tenantId, {
      customRoleId: await addRole(db, tenantId, 'Writer', ['plants:read', 'plants:write', 'devices:read']),
      modules: ev,
    });
    const config = testConfig({ mqttPort: 0, simulator: false });
    const devices = await startDevices({
      db,
      config,
      log: recordingLog(),
      clientId: `${name}-${thing}`,
      ocppControlTickMs: 0,
      ...(options.callTimeoutMs === undefined ? {} : { ocppCallTimeoutMs: options.callTimeoutMs }),
      ...(options.flood === undefined ? {} : { ocppFlood: options.flood }),
    });
    const app = await buildApp({ db, config, devices });
    await app.listen({ port: 0, host: '127.0.0.1' });
    Object.assign(rig, {
      db,
      devices,
      app,
      endpoint: ocppEndpoint(app),
      tenantId,
      plantId,
      thing,
      theirPlantId: await plantIdOf(theirThing),
      owner: await tokenFor(db, await addUser(db, tenantId, { role: 'owner', modules: ev })),
      operator: await onPlant(await addUser(db, tenantId, { role: 'operator', modules: ['ev'] }), 'operator'),
      viewer: await onPlant(await addUser(db, tenantId, { role: 'viewer', modules: ev }), 'viewer'),
      theirOwner: await tokenFor(db, await addUser(db, other, { role: 'owner', modules: ev })),
      plantViewerWithWrite: await onPlant(writer, 'viewer'),
      withoutEv: await tokenFor(db, await addUser(db, tenantId, { role: 'owner', modules: ['monitoring', 'management'] })),
    });
  });

  afterEach(async () => {
    await Promise.all(open.splice(0).map((cp) => cp.close({ force: true })));
  });

  afterAll(async () => {
    await rig.app?.close();
    await rig.devices?.close();
    await target.destroy();
  });

  return rig;
}
