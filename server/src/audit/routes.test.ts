import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { seedDemoData } from '../demo/seed';
import { addUser, createIdentityApp, freshAddress, post, tenantIdOf, tokenFor, userIdOf } from '../iam/test-fixtures';
import { databaseTargets } from '../testing/databases';
import type { AuditEventView } from './audit-log';

interface Page {
  events: AuditEventView[];
  nextCursor: string | null;
}

describe.each(databaseTargets())('audit log on $name', (target) => {
  let db: Kysely<Database>;
  let app: FastifyInstance;
  let tenantId: string;
  let token: string;
  let ownerId: string;

  beforeAll(async () => {
    db = await target.create();
    await seedDemoData(db);
    app = await createIdentityApp(db);
    tenantId = await tenantIdOf(db, 'Helio Demo');
    ownerId = await userIdOf(db, 'admin@helio.local');
    token = await tokenFor(db, { id: ownerId, email: 'admin@helio.local', password: '', tenantId });
  });
  afterAll(async () => {
    await app.close();
    await target.destroy();
  });

  const list = async (body: object = {}, as = token) => (await post(app, 'audit/list', body, { token: as })).json<Page>();

  it('records sign-ins and failed sign-ins with who, when and from where', async () => {
    const address = freshAddress();
    await post(app, 'auth/sign-in', { username: 'operator@helio.local', password: 'Wrong-password-1!' }, { address });
    await post(app, 'auth/sign-in', { username: 'operator@helio.local', password: 'Helio-operator-2024!' }, { address });
    const { events } = await list({ actions: ['auth.sign_in', 'auth.sign_in_failed'] });
    const operatorId = await userIdOf(db, 'operator@helio.local');
    expect(events.slice(0, 2)).toEqual([
      expect.objectContaining({
        action: 'auth.sign_in',
        actor: { id: operatorId, email: 'operator@helio.local' },
        target: { type: 'user', id: operatorId, label: 'operator@helio.local' },
        address,
      }),
      expect.objectContaining({
        action: 'auth.sign_in_failed',
        actor: null,
        target: { type: 'user', id: operatorId, label: 'operator@helio.local' },
        details: { username: 'operator@helio.local', reason: 'invalid' },
        address,
      }),
    ]);
    expect(Date.parse(events[0]?.at ?? '')).toBeGreaterThan(Date.now() - 60_000);
  });

  it('records every IAM change with its actor and target', async () => {
    const invited = await post(
      app,
      'iam/users/invite',
      { email: 'audited@helio.test', name: 'A', family_name: 'B', role: 'viewer', modules: [], locale: 'en' },
      { token },
    );
    const id = invited.json<{ id: string }>().id;
    await post(app, 'iam/users/update', { id, role: 'operator' }, { token });
    await post(app, 'iam/users/disable', { id }, { token });
    await post(app, 'iam/users/enable', { id }, { token });
    await post(app, 'iam/users/delete', { id }, { token });
    const role = (await post(app, 'iam/roles/create', { name: 'Audited', permissions: [] }, { token })).json<{ id: string }>().id;
    await post(app, 'iam/roles/update', { id: role, permissions: ['plants:read'] }, { token });
    await post(app, 'iam/roles/delete', { id: role }, { token });

    const { events } = await list({
      actorId: ownerId,
      actions: [
        'iam.user_invited',
        'iam.user_updated',
        'iam.user_disabled',
        'iam.user_enabled',
        'iam.user_deleted',
        'iam.role_created',
        'iam.role_updated',
        'iam.role_deleted',
      ],
    });
    expect(events.map((e) => [e.action, e.target?.label]).reverse()).toEqual([
      ['iam.user_invited', 'audited@helio.test'],
      ['iam.user_updated', 'audited@helio.test'],
      ['iam.user_disabled', 'audited@helio.test'],
      ['iam.user_enabled', 'audited@helio.test'],
      ['iam.user_deleted', 'audited@helio.test'],
      ['iam.role_created', 'Audited'],
      ['iam.role_updated', 'Audited'],
      ['iam.role_deleted', 'Audited'],
    ]);
    expect(events.find((e) => e.action === 'iam.user_updated')?.details).toEqual({
      before: { role: 'viewer', modules: [] },
      after: { role: 'operator', modules: [] },
    });
    expect((await list({ targetId: id })).events).toHaveLength(5);
  });

  it('pages newest first with a cursor, and filters by time', async () => {
    const first = await list({ limit: 2 });
    expect(first.events).toHaveLength(2);
    expect(first.nextCursor).not.toBeNull();
    const second = await list({ limit: 2, cursor: first.nextCursor });
    expect(second.events.map((e) => e.id)).not.toContain(first.events[0]?.id);
    const all = (await list({ limit: 200 })).events;
    expect(all.map((e) => e.at)).toEqual([...all.map((e) => e.at)].sort().reverse());
    expect(all.slice(0, 4).map((e) => e.id)).toEqual([...first.events, ...second.events].map((e) => e.id));
    expect((await list({ from: new Date(Date.now() + 60_000).toISOString() })).events).toEqual([]);
    expect((await list({ to: '2000-01-01T00:00:00Z' })).events).toEqual([]);
    expect((await post(app, 'audit/list', { cursor: 'garbage' }, { token })).statusCode).toBe(400);
  });

  it('shows a tenant its own events only', async () => {
    const other = await tenantIdOf(db, 'Other Energy s.r.o.');
    const otherToken = await tokenFor(db, {
      id: await userIdOf(db, 'other@other-energy.local'),
      email: 'other@other-energy.local',
      password: '',
      tenantId: other,
    });
    const theirs = (await list({ limit: 200 }, otherToken)).events;
    expect(theirs.some((e) => JSON.stringify(e).includes('helio.local'))).toBe(false);
  });

  it('needs audit:read', async () => {
    const operator = await addUser(db, tenantId, { role: 'operator' });
    expect((await post(app, 'audit/list', {}, { token: await tokenFor(db, operator) })).statusCode).toBe(403);
  });
});
