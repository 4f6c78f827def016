import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import { randomUUID } from 'node:crypto';
import type { Database } from '../../db/schema';
import { buildApp } from '../../http/app';
import { databaseTargets } from '../../testing/databases';
import { apiPost, testConfig } from '../../testing/test-app';
import { startDevices, type DeviceServices } from '../services';
import { giveTenantPlants } from '../../iam/test-fixtures';
import { insertPlant, insertTenant, recordingLog, userWithToken } from '../test-fixtures';
import { gunzipSync } from 'node:zlib';
import { emptyShadow, shadowView } from './shadow-doc';

describe.each(databaseTargets())('shadow API on $name', (target) => {
  const run = randomUUID().slice(0, 8);
  const ours = `api-ours-${run}`;
  const theirs = `api-theirs-${run}`;
  let db: Kysely<Database>;
  let devices: DeviceServices;
  let app: FastifyInstance;
  let operator: string;
  let viewer: string;
  let viewerId: string;

  beforeAll(async () => {
    db = await target.create();
    const tenant = await insertTenant(db);
    await insertPlant(db, tenant, ours);
    await insertPlant(db, await insertTenant(db), theirs);
    operator = (await userWithToken(db, tenant, 'operator', undefined, ['monitoring', 'rc'])).idToken;
    ({ idToken: viewer, id: viewerId } = await userWithToken(db, tenant, 'viewer'));
    const config = testConfig({ mqttPort: 0, simulator: false });
    devices = await startDevices({ db, config, log: recordingLog(), clientId: `api-${run}` });
    app = await buildApp({ db, config, devices });
    await devices.shadows.applyReported(ours, { ActPwrPve: 2100, OperMode: 'self-consumption' }, 1_000);
  });

  afterAll(async () => {
    await app.close();
    await devices.close();
    await target.destroy();
  });

  describe('POST /api/iot/thing/shadow', () => {
    it('answers the shadow of a plant of the caller’s tenant', async () => {
      const response = await apiPost(app, 'iot/thing/shadow', { thingName: ours }, viewer);
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({
        state: { reported: { ActPwrPve: 2100, OperMode: 'self-consumption' }, desired: {}, delta: {} },
        metadata: {
          reported: { ActPwrPve: { timestamp: 1_000 }, OperMode: { timestamp: 1_000 } },
          desired: {},
        },
        version: 1,
        timestamp: 1_000,
        hasDelta: false,
      });
    });

    it('answers what another server instance on the same database wrote, at the next read', async () => {
      const config = testConfig({ mqttPort: 0, simulator: false });
      // one database handle, one process: the two instances share its bus, as two replicas share PostgreSQL's
      const otherDevices = await startDevices({ db, config, log: recordingLog(), bus: devices.bus, clientId: `api-other-${run}` });
      const other = await buildApp({ db, config, devices: otherDevices });
      try {
        const read = async (from: FastifyInstance) => (await apiPost(from, 'iot/thing/shadow', { thingName: ours }, viewer)).json();
        const before = await read(app);
        const written = await apiPost(
          other,
          'iot/thing/shadow/desired',
          { thingName: ours, desiredKey: 'OperMode', desiredState: 'backup' },
          operator,
        );
        expect(written.statusCode).toBe(200);
        const after = await read(app);
        expect(after.version).toBe(before.version + 1);
        expect(after.state.desired.OperMode).toBe('backup');
        expect(after).toEqual(written.json());
        // and back: this instance's write is what the other one answers next
        const back = await apiPost(
          app,
          'iot/thing/shadow/desired',
          { thingName: ours, desiredKey: 'OperMode', desiredState: null },
          operator,
        );
        expect(await read(other)).toEqual(back.json());
      } finally {
        await other.close();
        await otherDevices.close();
      }
    });

    it('answers the same bytes gzipped and plain, as the response schema writes them', async () => {
      const headers = { authorization: `Bearer ${viewer}` };
      const call = (more: Record<string, string>) =>
        app.inject({ method: 'POST', url: '/api/iot/thing/shadow', payload: { thingName: ours }, headers: { ...headers, ...more } });
      await devices.shadows.applyReported(ours, { Filler: 'x'.repeat(2000) }, 5_000); // past the 1 KB below which nothing is gzipped
      const plain = await call({});
      const gzipped = await call({ 'accept-encoding': 'gzip' });
      expect(gzipped.headers['content-encoding']).toBe('gzip');
      expect(gunzipSync(gzipped.rawPayload).toString()).toBe(plain.body);
      expect(plain.headers['content-type']).toBe('application/json; charset=utf-8');
      const doc = await devices.shadows.get(ours);
      expect(plain.body).toBe(JSON.stringify(shadowView(doc ?? emptyShadow())));
      await devices.shadows.applyReported(ours, { Filler: null }, 6_000);
    });

    it('answers an empty shadow for a plant that has not reported yet', async () => {
      const tenant = (await db.selectFrom('plants').select('tenant_id').where('thing_name', '=', ours).executeTakeFirstOrThrow()).tenant_id;
      const quiet = `api-quiet-${run}`;
      await insertPlant(db, tenant, quiet);
      await giveTenantPlants(db, viewerId, tenant); // a new plant is seen by whom it is given to
      const response = await apiPost(app, 'iot/thing/shadow', { thingName: quiet }, viewer);
      expect(response.statusCode).toBe(200);
      expect(response.json()).toMatchObject({ state: { reported: {}, desired: {}, delta: {} }, version: 0, hasDelta: false });
    });

    it('answers 404 for another tenant’s plant and for an unknown thing alike', async () => {
      for (const thingName of [theirs, `nothing-${run}`]) {
        const response = await apiPost(app, 'iot/thing/shadow', { thingName }, viewer);
        expect(response.statusCode).toBe(404);
        expect(response.json()).toEqual({ error: { code: 'PlantNotFound', message: `Plant ${thingName} not found` } });
      }
    });

    it('answers 400 in the error shape for a body without a thing name', async () => {
      const response = await apiPost(app, 'iot/thing/shadow', { thing: ours }, viewer);
      expect(response.statusCode).toBe(400);
      expect(response.json().error.code).toBe('BadRequest');
    });

    it('answers 401 without a token', async () => {
      expect((await apiPost(app, 'iot/thing/shadow', { thingName: ours })).statusCode).toBe(401);
    });
  });

  describe('POST /api/iot/thing/shadow/desired', () => {
    it('stores a writable key and answers the shadow with its delta', async () => {
      const response = await apiPost(
        app,
        'iot/thing/shadow/desired',
        { thingName: ours, desiredKey: 'OperMode', desiredState: 'backup' },
        operator,
      );
      expect(response.statusCode).toBe(200);
      expect(response.json()).toMatchObject({
        state: { desired: { OperMode: 'backup' }, delta: { OperMode: 'backup' } },
        hasDelta: true,
      });
      expect((await devices.shadows.get(ours))?.state.desired).toEqual({ OperMode: 'backup' });
    });

    it('clears a desired key with null', async () => {
      const response = await apiPost(
        app,
        'iot/thing/shadow/desired',
        { thingName: ours, desiredKey: 'OperMode', desiredState: null },
        operator,
      );
      expect(response.json()).toMatchObject({ state: { desired: {}, delta: {} }, hasDelta: false });
    });

    it('refuses keys that are not writable and values a key does not accept', async () => {
      for (const [desiredKey, desiredState, reason] of [
        ['ActPwrPve', 5, 'unknownKey'],
        ['OperMode', 'turbo', 'choice'],
        ['ExportLimit', '3000', 'type'],
      ] as const) {
        const response = await apiPost(app, 'iot/thing/shadow/desired', { thingName: ours, desiredKey, desiredState }, operator);
        expect(response.statusCode).toBe(400);
        expect(response.json().error).toMatchObject({ code: 'SettingValueInvalid', details: { key: desiredKey, reason } });
      }
    });

    it('refuses a viewer with 403 and another tenant’s plant with 404', async () => {
      const body = { desiredKey: 'OperMode', desiredState: 'idle' };
      expect((await apiPost(app, 'iot/thing/shadow/desired', { thingName: ours, ...body }, viewer)).statusCode).toBe(403);
      expect((await apiPost(app, 'iot/thing/shadow/desired', { thingName: theirs, ...body }, operator)).statusCode).toBe(404);
      expect(await devices.shadows.get(theirs)).toBeUndefined();
    });
  });
});
