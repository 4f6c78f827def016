import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { seedDemoData } from '../demo/seed';
import { addUser, createIdentityApp, freshAddress, post, tenantIdOf, type TestUser } from '../iam/test-fixtures';
import { databaseTargets } from '../testing/databases';
import { whileAuditRefused } from '../testing/refused-audit';
import { refreshCookieOf } from '../testing/test-app';
import type { SessionView } from './session-routes';

const FIREFOX = 'Mozilla/5.0 (X11; Ubuntu; Linux x86_64; rv:125.0) Gecko/20100101 Firefox/125.0';
const IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1';

describe.each(databaseTargets())('session routes on $name', (target) => {
  let db: Kysely<Database>;
  let app: FastifyInstance;
  let tenantId: string;

  beforeAll(async () => {
    db = await target.create();
    await seedDemoData(db);
    app = await createIdentityApp(db);
    tenantId = await tenantIdOf(db, 'Helio Demo');
  });
  afterAll(async () => {
    await app.close();
    await target.destroy();
  });

  const signIn = async (user: TestUser, userAgent: string, address = freshAddress()) => {
    const response = await post(app, 'auth/sign-in', { username: user.email, password: user.password }, { address, userAgent });
    return { idToken: response.json<{ idToken: string }>().idToken, cookie: refreshCookieOf(response) ?? '', address };
  };
  const list = async (token: string) => (await post(app, 'auth/sessions/list', {}, { token })).json<{ sessions: SessionView[] }>().sessions;

  it('lists the user’s sessions with device, address, times and which one is this', async () => {
    const user = await addUser(db, tenantId);
    const phone = await signIn(user, IPHONE);
    const laptop = await signIn(user, FIREFOX);
    const sessions = await list(laptop.idToken);
    expect(sessions).toHaveLength(2);
    expect(sessions.map((s) => [s.device, s.address, s.current])).toEqual([
      ['Firefox on Linux', laptop.address, true],
      ['Safari on iPhone', phone.address, false],
    ]);
    expect(sessions[0]?.userAgent).toBe(FIREFOX);
    expect(Date.parse(sessions[0]?.createdAt ?? '')).not.toBeNaN();
    expect((await list(phone.idToken)).find((s) => s.current)?.device).toBe('Safari on iPhone');
  });

  it('marks a session used when it refreshes, and the refreshed token still knows its session', async () => {
    const user = await addUser(db, tenantId);
    const session = await signIn(user, FIREFOX);
    const [before] = await list(session.idToken);
    await new Promise((resolve) => setTimeout(resolve, 5));
    const refreshed = await post(app, 'auth/refresh', {}, { cookie: session.cookie });
    const token = refreshed.json<{ idToken: string }>().idToken;
    const [after] = await list(token);
    expect(after?.id).toBe(before?.id);
    expect(after?.current).toBe(true);
    expect(Date.parse(after?.lastUsedAt ?? '')).toBeGreaterThan(Date.parse(before?.lastUsedAt ?? ''));
  });

  it('signs one session out: its refresh token and its ID token stop working at once', async () => {
    const user = await addUser(db, tenantId);
    const phone = await signIn(user, IPHONE);
    const laptop = await signIn(user, FIREFOX);
    const phoneId = (await list(laptop.idToken)).find((s) => !s.current)?.id ?? '';
    const response = await post(app, 'auth/sessions/revoke', { id: phoneId }, { token: laptop.idToken });
    expect(response.statusCode).toBe(200);
    expect((await post(app, 'users/info', {}, { token: phone.idToken })).json()).toEqual({
      error: { code: 'Unauthorized', message: 'Session has ended' },
    });
    expect((await post(app, 'auth/refresh', {}, { cookie: phone.cookie })).statusCode).toBe(401);
    expect((await list(laptop.idToken)).map((s) => s.device)).toEqual(['Firefox on Linux']);
  });

  it('answers 404 for a session of somebody else', async () => {
    const owner = await addUser(db, tenantId);
    const other = await addUser(db, tenantId);
    const theirs = await signIn(owner, FIREFOX);
    const mine = await signIn(other, FIREFOX);
    const theirId = (await list(theirs.idToken))[0]?.id ?? '';
    const response = await post(app, 'auth/sessions/revoke', { id: theirId }, { token: mine.idToken });
    expect(response.statusCode).toBe(404);
    expect(response.json().error.code).toBe('SessionNotFound');
    expect((await post(app, 'users/info', {}, { token: theirs.idToken })).statusCode).toBe(200);
  });

  it('signs every other session out and keeps this one', async () => {
    const user = await addUser(db, tenantId);
    const others = [await signIn(user, IPHONE), await signIn(user, FIREFOX)];
    const here = await signIn(user, FIREFOX);
    const response = await post(app, 'auth/sessions/revoke-others', {}, { token: here.idToken });
    expect(response.json()).toEqual({ revoked: 2 });
    for (const other of others) expect((await post(app, 'auth/refresh', {}, { cookie: other.cookie })).statusCode).toBe(401);
    expect((await list(here.idToken)).map((s) => s.current)).toEqual([true]);
    expect((await post(app, 'auth/refresh', {}, { cookie: here.cookie })).statusCode).toBe(200);
  });

  it('makes no change whose audit entry cannot be written', async () => {
    const user = await addUser(db, tenantId);
    const phone = await signIn(user, IPHONE);
    const laptop = await signIn(user, FIREFOX);
    const phoneId = (await list(laptop.idToken)).find((s) => !s.current)?.id ?? '';
    await whileAuditRefused(db, tenantId, async () => {
      for (const [path, body] of [
        ['auth/sessions/revoke', { id: phoneId }],
        ['auth/sessions/revoke-others', {}],
      ] as const) {
        const response = await post(app, path, body, { token: laptop.idToken });
        expect([path, response.statusCode]).toEqual([path, 500]);
      }
    });
    expect((await list(laptop.idToken)).map((s) => s.id).sort()).toEqual((await list(phone.idToken)).map((s) => s.id).sort());
    expect(await list(phone.idToken)).toHaveLength(2);
  });

  it('leaves signed-out sessions off the list', async () => {
    const user = await addUser(db, tenantId);
    const gone = await signIn(user, IPHONE);
    const here = await signIn(user, FIREFOX);
    await post(app, 'auth/sign-out', {}, { cookie: gone.cookie });
    expect((await list(here.idToken)).map((s) => s.device)).toEqual(['Firefox on Linux']);
  });
});
