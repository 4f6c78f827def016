// API keys through the real app (SQLite and PostgreSQL): made once and shown once, stored hashed,
// used as a bearer on the console's API within their scope and plants, rate-limited, revoked at once,
// and never more than their creator may do or see, when made and on every use.
import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { ApiKeyView, ErrorBody } from '@helio/contracts';
import type { Database } from '../db/schema';
import { insertPlant, insertTenant } from '../iot/test-fixtures';
import { buildApp } from '../http/app';
import { API_KEY_MAX_DAYS, MODULE_KEYS } from '@helio/contracts';
import { addRole, addUser, tokenFor, type TestUser } from '../iam/test-fixtures';
import { findTenantPlant, grantPlantAccess } from '../plants/access';
import { loadSpotConfig } from '../spot/spot-config';
import { databaseTargets } from '../testing/databases';
import { whileAuditRefused } from '../testing/refused-audit';
import { apiPost, testConfig } from '../testing/test-app';
import { createApiKey } from './api-keys';
import { loadIntegrationsConfig } from './integrations-config';

const RATE = 20;

describe.each(databaseTargets())('API keys on $name', (target) => {
  const run = randomUUID().slice(0, 8);
  let db: Kysely<Database>;
  let app: FastifyInstance;
  let admin: string;
  let otherAdmin: string;
  let operator: string;
  let tenant: string;
  const plants: Record<'a' | 'b' | 'theirs', string> = { a: '', b: '', theirs: '' };

  const plantIdOf = async (thing: string) =>
    (await db.selectFrom('plants').select('id').where('thing_name', '=', thing).executeTakeFirstOrThrow()).id;

  beforeAll(async () => {
    db = await target.create();
    tenant = await insertTenant(db);
    const other = await insertTenant(db);
    await insertPlant(db, tenant, `key-a-${run}`);
    await insertPlant(db, tenant, `key-b-${run}`);
    await insertPlant(db, other, `key-theirs-${run}`);
    plants.a = await plantIdOf(`key-a-${run}`);
    plants.b = await plantIdOf(`key-b-${run}`);
    plants.theirs = await plantIdOf(`key-theirs-${run}`);
    admin = await tokenFor(db, await addUser(db, tenant, { role: 'admin', modules: MODULE_KEYS }));
    operator = await tokenFor(db, await addUser(db, tenant, { role: 'operator', modules: MODULE_KEYS }));
    otherAdmin = await tokenFor(db, await addUser(db, other, { role: 'admin', modules: MODULE_KEYS }));
    const integrations = { ...loadIntegrationsConfig({}), keyRatePerMinute: RATE };
    app = await buildApp({ db, config: testConfig(), spot: loadSpotConfig({}), integrations });
  });

  afterAll(async () => {
    await app.close();
    await target.destroy();
  });

  const createKey = async (body: Record<string, unknown>, token = admin) => {
    const response = await apiPost(
      app,
      'integration/key/create',
      { name: 'Grafana', scope: 'read', plantIds: null, expiresAt: null, ...body },
      token,
    );
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    return response.json<{ key: ApiKeyView; secret: string }>();
  };
  const plantIdsSeenBy = async (secret: string) =>
    (await apiPost(app, 'plant/list', { id: tenant }, secret))
      .json<Array<{ id: string }>>()
      .map((p) => p.id)
      .sort();

  it('shows the key once and stores only a hash of it', async () => {
    const { key, secret } = await createKey({ name: 'Shown once' });
    expect(secret).toMatch(/^helio_[0-9a-f-]{36}\.[A-Za-z0-9_-]{43}$/);
    expect(secret.startsWith(key.hint.replace('…', ''))).toBe(true);
    const row = await db.selectFrom('api_keys').selectAll().where('id', '=', key.id).executeTakeFirstOrThrow();
    expect(JSON.stringify(row)).not.toContain(secret.split('.')[1]);
    const listed = (await apiPost(app, 'integration/key/list', {}, admin)).json<{ keys: ApiKeyView[] }>().keys;
    expect(listed.find((k) => k.id === key.id)).toMatchObject({ name: 'Shown once', scope: 'read', lastUsedAt: null });
    expect(JSON.stringify(listed)).not.toContain(secret);
  });

  it('reaches only the chosen plants, and every plant of the tenant when made for all', async () => {
    const chosen = await createKey({ plantIds: [plants.a] });
    expect(await plantIdsSeenBy(chosen.secret)).toEqual([plants.a]);
    expect((await apiPost(app, 'plant/detail', { id: plants.b }, chosen.secret)).statusCode).toBe(404);
    expect((await apiPost(app, 'plant/detail', { id: plants.a }, chosen.secret)).statusCode).toBe(200);
    const all = await createKey({});
    expect(await plantIdsSeenBy(all.secret)).toEqual([plants.a, plants.b].sort());
    expect((await apiPost(app, 'plant/detail', { id: plants.theirs }, all.secret)).statusCode).toBe(404);
  });

  it('holds only the permissions of its scope: never IAM, audit, integrations or plant writes', async () => {
    const read = await createKey({ scope: 'read' });
    for (const [path, body] of [
      ['iam/users/list', {}],
      ['audit/list', {}],
      ['integration/key/list', {}],
      ['plant/update', { id: plants.a, payload: { name: 'x' }, expectedVersion: 1 }],
      ['iot/thing/shadow/desired', { thingName: `key-a-${run}`, desiredKey: 'OperMode', desiredState: 1 }],
      ['users/profile', {}],
    ] as const) {
      const status = (await apiPost(app, path, body, read.secret)).statusCode;
      // 404 for routes only mounted with device services (desired state): never a success.
      expect([path, [403, 404].includes(status)]).toEqual([path, true]);
    }
    expect((await apiPost(app, 'metric/list', { plant: plants.a }, read.secret)).statusCode).toBe(200);
  });

  it('refuses plants the creator cannot see and another tenant’s plants (404), and users without the permission (403)', async () => {
    expect(
      (await apiPost(app, 'integration/key/create', { name: 'x', scope: 'read', plantIds: [plants.theirs], expiresAt: null }, admin))
        .statusCode,
    ).toBe(404);
    expect(
      (await apiPost(app, 'integration/key/create', { name: 'x', scope: 'read', plantIds: null, expiresAt: null }, operator)).statusCode,
    ).toBe(403);
    expect(
      (await apiPost(app, 'integration/key/create', { name: 'x', scope: 'admin', plantIds: null, expiresAt: null }, admin)).statusCode,
    ).toBe(400);
  });

  it('refuses an expiry in the past or beyond the longest life, with its reason', async () => {
    const withExpiry = (expiresAt: string) =>
      apiPost(app, 'integration/key/create', { name: 'x', scope: 'read', plantIds: null, expiresAt }, admin);
    const past = await withExpiry('2000-01-01T00:00:00.000Z');
    expect([past.statusCode, past.json().error]).toEqual([
      400,
      expect.objectContaining({ code: 'ApiKeyExpiryInvalid', details: { field: 'expiresAt', reason: 'past' } }),
    ]);
    const far = await withExpiry('9999-01-01T00:00:00.000Z');
    expect(far.json().error).toMatchObject({ code: 'ApiKeyExpiryInvalid', details: { reason: 'tooLong', maxDays: API_KEY_MAX_DAYS } });
  });

  it('stops working at once when revoked, and the change is audited', async () => {
    const { key, secret } = await createKey({ name: 'Revoke me' });
    expect((await apiPost(app, 'plant/list', { id: tenant }, secret)).statusCode).toBe(200);
    expect((await apiPost(app, 'integration/key/revoke', { id: key.id }, otherAdmin)).statusCode).toBe(404);
    const revoked = await apiPost(app, 'integration/key/revoke', { id: key.id }, admin);
    expect(revoked.json<ApiKeyView>().revokedAt).not.toBeNull();
    const refused = await apiPost(app, 'plant/list', { id: tenant }, secret);
    expect(refused.statusCode).toBe(401);
    expect(refused.json()).toEqual({ error: { code: 'Unauthorized', message: 'API key revoked' } });
    const actions = await db.selectFrom('audit_events').select(['action', 'target_id']).where('target_id', '=', key.id).execute();
    expect(actions.map((a) => a.action).sort()).toEqual(['integrations.key_created', 'integrations.key_revoked']);
  });

  it('makes no change whose audit entry cannot be written', async () => {
    const refusedTenant = await insertTenant(db);
    const owner = await tokenFor(db, await addUser(db, refusedTenant, { role: 'admin', modules: MODULE_KEYS }));
    const { key, secret } = await createKey({ name: 'Kept as it was' }, owner);
    await whileAuditRefused(db, refusedTenant, async () => {
      for (const [path, body] of [
        ['integration/key/create', { name: 'Never audited', scope: 'read', plantIds: null, expiresAt: null }],
        ['integration/key/revoke', { id: key.id }],
      ] as const) {
        const response = await apiPost(app, path, body, owner);
        expect([path, response.statusCode]).toEqual([path, 500]);
      }
    });
    expect((await apiPost(app, 'integration/key/list', {}, owner)).json<{ keys: ApiKeyView[] }>().keys).toEqual([key]);
    expect((await apiPost(app, 'plant/list', { id: refusedTenant }, secret)).statusCode).toBe(200);
  });

  it('refuses an expired key, a forged secret and an expiry in the past', async () => {
    const { key, secret } = await createKey({ expiresAt: new Date(Date.now() + 60_000).toISOString() });
    await db
      .updateTable('api_keys')
      .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
      .where('id', '=', key.id)
      .execute();
    expect((await apiPost(app, 'plant/list', { id: tenant }, secret)).statusCode).toBe(401);
    const forged = `${secret.slice(0, -4)}AAAA`;
    expect((await apiPost(app, 'plant/list', { id: tenant }, forged)).statusCode).toBe(401);
    expect(
      (await apiPost(app, 'integration/key/create', { name: 'x', scope: 'read', plantIds: null, expiresAt: '2001-01-01T00:00:00Z' }, admin))
        .statusCode,
    ).toBe(400);
  });

  it('records the last use and answers 429 with Retry-After past the rate, per key', async () => {
    const { key, secret } = await createKey({ name: 'Busy' });
    const other = await createKey({ name: 'Quiet' });
    const statuses: number[] = [];
    let limited;
    for (let i = 0; i < RATE + 1; i++) {
      const response = await apiPost(app, 'plant/list', { id: tenant }, secret);
      statuses.push(response.statusCode);
      if (response.statusCode === 429) limited = response;
    }
    expect(statuses).toEqual([...Array<number>(RATE).fill(200), 429]);
    expect(Number(limited?.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    expect(limited?.json<ErrorBody>().error.code).toBe('TooManyRequests');
    expect((await apiPost(app, 'plant/list', { id: tenant }, other.secret)).statusCode).toBe(200);
    const row = await db.selectFrom('api_keys').select('last_used_at').where('id', '=', key.id).executeTakeFirstOrThrow();
    expect(row.last_used_at).not.toBeNull();
  });

  describe('never more than its creator', () => {
    /** A user of the tenant with a custom role of `permissions` and the viewer role on plant a only. */
    const restrictedUser = async (permissions: Parameters<typeof addRole>[3]): Promise<{ user: TestUser; token: string }> => {
      const role = await addRole(db, tenant, `Integrator ${randomUUID()}`, permissions);
      const user = await addUser(db, tenant, { customRoleId: role, modules: MODULE_KEYS });
      await grantPlantAccess(db, { plantId: plants.a, userId: user.id, role: 'viewer' });
      return { user, token: await tokenFor(db, user) };
    };
    const READ = ['plants:read', 'devices:read', 'metrics:read', 'notifications:read', 'integrations:manage'] as const;
    /** A key as the server stores it, made directly: as if its creator had been demoted since. */
    const storedKey = async (creator: TestUser, scope: 'read' | 'control', plantIds: string[] | null = null) =>
      (
        await createApiKey(
          db,
          { tenantId: tenant, name: 'Older', scope, plantIds, expiresAt: null, modules: MODULE_KEYS, creator },
          loadIntegrationsConfig({}).keyPepper,
        )
      ).token;
    const callerOf = (secret: string) => app.authenticator.authenticate(`Bearer ${secret}`);

    it('refuses a scope beyond the creator’s permissions, naming what they lack', async () => {
      const { token } = await restrictedUser(READ);
      const refused = await apiPost(app, 'integration/key/create', { name: 'x', scope: 'control', plantIds: null, expiresAt: null }, token);
      expect(refused.statusCode).toBe(403);
      expect(refused.json<ErrorBody>().error).toMatchObject({
        code: 'KeyExceedsCreator',
        details: { scope: 'control', permissions: ['devices:control'] },
      });
      const noMetrics = await restrictedUser(['plants:read', 'integrations:manage']);
      const readRefused = await apiPost(
        app,
        'integration/key/create',
        { name: 'x', scope: 'read', plantIds: null, expiresAt: null },
        noMetrics.token,
      );
      expect(readRefused.json<ErrorBody>().error.details).toEqual({
        scope: 'read',
        permissions: ['devices:read', 'metrics:read', 'notifications:read'],
      });
      expect(
        (await apiPost(app, 'integration/key/create', { name: 'x', scope: 'read', plantIds: null, expiresAt: null }, token)).statusCode,
      ).toBe(200);
    });

    it('made for all plants, reaches only the plants its creator sees, and no plant role above theirs', async () => {
      const { token } = await restrictedUser(READ);
      const { secret } = await createKey({ plantIds: null }, token);
      expect(await plantIdsSeenBy(secret)).toEqual([plants.a]);
      expect((await apiPost(app, 'plant/detail', { id: plants.b }, secret)).statusCode).toBe(404);
      expect((await apiPost(app, 'metric/list', { plant: plants.b }, secret)).statusCode).toBe(404);
      // The review's case: a key whose row says control over every plant, of a creator who may not control and sees plant a only.
      const creator = await restrictedUser(READ);
      const control = await callerOf(await storedKey(creator.user, 'control'));
      expect(control.permissions).not.toContain('devices:control');
      expect(await findTenantPlant(db, control, plants.b)).toBeUndefined();
      expect((await findTenantPlant(db, control, plants.a))?.access_role).toBe('viewer');
    });

    it('shrinks with its creator: demoted, it loses permissions and plants; disabled or deleted, it stops', async () => {
      const creator = await addUser(db, tenant, { role: 'admin', modules: MODULE_KEYS });
      const secret = await storedKey(creator, 'control');
      const before = await callerOf(secret);
      expect(before.permissions).toContain('devices:control');
      expect((await findTenantPlant(db, before, plants.b))?.access_role).toBe('operator');
      expect(await plantIdsSeenBy(secret)).toEqual([plants.a, plants.b].sort());

      await db
        .updateTable('users')
        .set({ role: 'operator', modules: JSON.stringify(['monitoring']) })
        .where('id', '=', creator.id)
        .execute();
      await grantPlantAccess(db, { plantId: plants.a, userId: creator.id, role: 'viewer' });
      const demoted = await callerOf(secret);
      expect(demoted.modules).toEqual(['monitoring']);
      expect(await plantIdsSeenBy(secret)).toEqual([plants.a]);
      expect((await findTenantPlant(db, demoted, plants.a))?.access_role).toBe('viewer');
      expect(await findTenantPlant(db, demoted, plants.b)).toBeUndefined();

      await db.updateTable('users').set({ role: 'viewer' }).where('id', '=', creator.id).execute();
      expect((await callerOf(secret)).permissions).not.toContain('devices:control');

      await db.updateTable('users').set({ status: 'disabled' }).where('id', '=', creator.id).execute();
      const refused = await apiPost(app, 'plant/list', { id: tenant }, secret);
      expect(refused.statusCode).toBe(401);
      expect(refused.json<ErrorBody>().error.message).toMatch(/no longer active/);
      const listed = (await apiPost(app, 'integration/key/list', {}, admin)).json<{ keys: ApiKeyView[] }>().keys;
      expect(listed.filter((k) => k.name === 'Older').map((k) => k.suspended)).toContain(true);

      await db.updateTable('users').set({ status: 'active' }).where('id', '=', creator.id).execute();
      expect((await apiPost(app, 'plant/list', { id: tenant }, secret)).statusCode).toBe(200);
      await db.deleteFrom('users').where('id', '=', creator.id).execute();
      expect((await apiPost(app, 'plant/list', { id: tenant }, secret)).statusCode).toBe(401);
    });

    it('works for nobody when it names no creator (a key whose maker was gone when creators were recorded)', async () => {
      const { token } = await createApiKey(
        db,
        { tenantId: tenant, name: 'Orphan', scope: 'read', plantIds: null, expiresAt: null, modules: MODULE_KEYS, creator: null },
        loadIntegrationsConfig({}).keyPepper,
      );
      expect((await apiPost(app, 'plant/list', { id: tenant }, token)).statusCode).toBe(401);
    });
  });
});
