// ev/charger/add, /remove, /list and /password/rotate through the real app on SQLite and PostgreSQL:
// who may call them, another tenant's plant and charger not found, bad bodies refused, the password
// answered once and stored only as a hash, and a removed charger's or rotated password's socket closed
// (the charge points are ocpp-rpc's own strict client). The set-up is testing/ocpp-api-rig.ts's.
import type { FastifyInstance } from 'fastify';
import type { RPCClient } from 'ocpp-rpc';
import type { Kysely } from 'kysely';
import { randomUUID } from 'node:crypto';
import type { EvEndpoints } from '@helio/contracts';
import type { Database } from '../db/schema';
import { databaseTargets } from '../testing/databases';
import { ocppApiRig } from '../testing/ocpp-api-rig';
import { verifyPassword } from '../auth/passwords';
import { apiPost } from '../testing/test-app';
import { until } from '../testing/until';
import { CLOSE_CREDENTIALS_REVOKED } from './central-system';
import { ocppDb } from './tables';
import { BOOT, chargePoint, ocppEndpoint } from './test-charge-point';

type ChargerList = EvEndpoints['ev/charger/list']['response'];
type Login = EvEndpoints['ev/charger/add']['response'];

describe.each(databaseTargets())('the ev/charger registry on $name', (target) => {
  const rig = ocppApiRig(target, 'ocpp-reg');
  const { call, add, connect } = rig;
  let db: Kysely<Database>;
  let app: FastifyInstance;
  let plantId: string;
  let theirPlantId: string;
  let owner: string;
  let theirOwner: string;
  let viewer: string;
  let plantViewerWithWrite: string;
  let withoutEv: string;
  beforeAll(() => ({ db, app, plantId, theirPlantId, owner, theirOwner, viewer, plantViewerWithWrite, withoutEv } = rig));
  const newId = () => `CP-${randomUUID().slice(0, 8)}`;
  const refusal = (cp: RPCClient) =>
    cp.connect().then(
      () => 'connected',
      (error: { code?: number }) => error.code,
    );
  const closeCode = (cp: RPCClient) => new Promise<number>((resolve) => cp.once('close', ({ code }: { code: number }) => resolve(code)));

  it('adds a charger: the password answered once (not cached), stored only as its scrypt hash, and audited', async () => {
    const { chargePointId, login, response } = await add();
    expect(response.headers['cache-control']).toBe('no-store');
    expect(login.password).toMatch(/^[0-9a-f]{40}$/);
    expect(login.ocppUrl).toMatch(new RegExp(`^ws://localhost:\\d+/ocpp/${chargePointId}$`));
    const row = await ocppDb(db).selectFrom('chargers').selectAll().where('id', '=', login.chargerId).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ plant_id: plantId, charge_point_id: chargePointId, name: 'Wallbox garáž' });
    expect(row.password_hash).not.toContain(login.password);
    expect(await verifyPassword(login.password, row.password_hash ?? '')).toBe(true);

    const list = await call('ev/charger/list', { plantId }, viewer);
    expect(list.statusCode).toBe(200);
    expect(list.body).not.toContain(login.password);
    expect(list.json<ChargerList>().chargers.find((c) => c.chargerId === login.chargerId)).toMatchObject({
      chargePointId,
      connection: null,
      hasPassword: true,
      vendor: null,
      ocppUrl: login.ocppUrl,
    });
    const audit = await db
      .selectFrom('audit_events')
      .select(['action', 'details'])
      .where('target_id', '=', plantId)
      .where('action', '=', 'plants.charger_added')
      .execute();
    expect(audit.map((a) => JSON.parse(a.details) as { chargerId: string }).map((d) => d.chargerId)).toContain(login.chargerId);
    expect(audit.map((a) => a.details).join()).not.toContain(login.password);
  });

  it('lists what the charger told: connection, vendor, model, firmware, heartbeat and each connector', async () => {
    const { chargePointId, login } = await add('Alfen');
    const cp = await connect(chargePointId, login.password);
    await cp.call('Heartbeat', {});
    await cp.call('StatusNotification', { connectorId: 1, status: 'Faulted', errorCode: 'GroundFailure', info: 'RCD' });
    const listed = async () =>
      (await call('ev/charger/list', { plantId }, viewer)).json<ChargerList>().chargers.find((c) => c.chargerId === login.chargerId);
    expect(await listed()).toMatchObject({
      connection: 'online',
      vendor: BOOT.chargePointVendor,
      model: BOOT.chargePointModel,
      firmware: BOOT.firmwareVersion,
      serial: BOOT.chargePointSerialNumber,
      connectors: [{ connectorId: 1, status: 'Faulted', errorCode: 'GroundFailure', info: 'RCD' }],
    });
    expect((await listed())?.lastHeartbeatAt).not.toBeNull();
    await cp.close();
    await until(async () => (await listed())?.connection === 'offline');
  });

  it('refuses bad bodies: a charge point id outside OCPP’s characters or length, an empty name, unknown fields', async () => {
    for (const body of [
      { plantId, chargePointId: 'a/b', name: 'x' },
      { plantId, chargePointId: 'x'.repeat(49), name: 'x' },
      { plantId, chargePointId: '', name: 'x' },
      { plantId, chargePointId: newId(), name: '' },
      { plantId, chargePointId: newId(), name: 'x', password: 'mine' },
      { plantId, name: 'x' },
    ]) {
      expect([body, (await call('ev/charger/add', body)).statusCode]).toEqual([body, 400]);
    }
    expect((await call('ev/charger/remove', { chargerId: '' })).statusCode).toBe(400);
    expect((await call('ev/charger/password/rotate', { chargerId: 'x', extra: 1 })).statusCode).toBe(400);
  });

  it('answers 409 for a charge point id already in use, in any tenant', async () => {
    const { chargePointId } = await add();
    const again = await call('ev/charger/add', { plantId, chargePointId, name: 'Again' });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ error: { details: { field: 'chargePointId' } } });
    expect((await call('ev/charger/add', { plantId: theirPlantId, chargePointId, name: 'Theirs' }, theirOwner)).statusCode).toBe(409);
  });

  it('lets only the plant’s owner change its chargers, and only users with the ev module call any of it', async () => {
    const { login } = await add();
    const body = { plantId, chargePointId: newId(), name: 'x' };
    for (const token of [viewer, plantViewerWithWrite]) {
      expect((await call('ev/charger/add', body, token)).statusCode).toBe(403);
      expect((await call('ev/charger/remove', { chargerId: login.chargerId }, token)).statusCode).toBe(403);
      expect((await call('ev/charger/password/rotate', { chargerId: login.chargerId }, token)).statusCode).toBe(403);
    }
    expect((await call('ev/charger/list', { plantId }, plantViewerWithWrite)).json<ChargerList>().role).toBe('viewer');
    expect((await call('ev/charger/list', { plantId }, withoutEv)).statusCode).toBe(403);
    expect((await call('ev/charger/add', body, withoutEv)).statusCode).toBe(403);
    expect((await call('ev/charger/list', { plantId })).json<ChargerList>().role).toBe('owner');
    expect((await apiPost(app, 'ev/charger/list', { plantId })).statusCode).toBe(401);
  });

  it('never reaches another tenant’s plant or charger: 404 as for ids that exist nowhere', async () => {
    const { login } = await add();
    const theirs = await add('Theirs', theirOwner, theirPlantId);
    const nowhere = randomUUID();
    for (const [path, body] of [
      ['ev/charger/list', { plantId }],
      ['ev/charger/add', { plantId, chargePointId: newId(), name: 'x' }],
      ['ev/charger/remove', { chargerId: login.chargerId }],
      ['ev/charger/password/rotate', { chargerId: login.chargerId }],
      ['ev/charger/remove', { chargerId: nowhere }],
    ] as const) {
      expect([path, (await call(path, body, theirOwner)).statusCode]).toEqual([path, 404]);
    }
    const ours = (await call('ev/charger/list', { plantId })).json<ChargerList>().chargers.map((c) => c.chargerId);
    expect(ours).toContain(login.chargerId);
    expect(ours).not.toContain(theirs.login.chargerId);
    expect(await ocppDb(db).selectFrom('chargers').select('id').where('id', '=', login.chargerId).executeTakeFirst()).toBeDefined();
  });

  it('removes a charger: its socket is closed, it cannot connect again, and it leaves the list', async () => {
    const { chargePointId, login } = await add();
    const cp = await connect(chargePointId, login.password);
    const closed = closeCode(cp);
    expect((await call('ev/charger/remove', { chargerId: login.chargerId })).json()).toEqual({ ok: true });
    expect(await closed).toBe(CLOSE_CREDENTIALS_REVOKED);
    expect(await refusal(chargePoint(ocppEndpoint(app), chargePointId, login.password))).toBe(401);
    const list = (await call('ev/charger/list', { plantId })).json<ChargerList>();
    expect(list.chargers.map((c) => c.chargerId)).not.toContain(login.chargerId);
    expect((await call('ev/charger/remove', { chargerId: login.chargerId })).statusCode).toBe(404);
  });

  it('rotates the password: the old one stops working at once (its socket closed), the new one connects', async () => {
    const { chargePointId, login } = await add();
    const cp = await connect(chargePointId, login.password);
    const closed = closeCode(cp);
    const rotated = await call('ev/charger/password/rotate', { chargerId: login.chargerId });
    expect(rotated.statusCode).toBe(200);
    expect(rotated.headers['cache-control']).toBe('no-store');
    const fresh = rotated.json<Login>();
    expect(fresh).toMatchObject({ chargerId: login.chargerId, ocppUrl: login.ocppUrl });
    expect(fresh.password).not.toBe(login.password);
    expect(await closed).toBe(CLOSE_CREDENTIALS_REVOKED);
    expect(await refusal(chargePoint(ocppEndpoint(app), chargePointId, login.password))).toBe(401);
    await connect(chargePointId, fresh.password);
    const row = await ocppDb(db).selectFrom('chargers').select('password_hash').where('id', '=', login.chargerId).executeTakeFirstOrThrow();
    expect(await verifyPassword(fresh.password, row.password_hash ?? '')).toBe(true);
  });
});
