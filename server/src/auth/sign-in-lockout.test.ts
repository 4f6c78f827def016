import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { seedDemoData } from '../demo/seed';
import { addUser, createIdentityApp, errorCode, freshAddress, post, tenantIdOf } from '../iam/test-fixtures';
import { databaseTargets } from '../testing/databases';
import { SIGN_IN_FAILED } from './auth-routes';

describe.each(databaseTargets())('sign-in lockout on $name', (target) => {
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

  const signIn = (username: string, password: string, address: string, device?: string) =>
    post(app, 'auth/sign-in', { username, password }, { address, ...(device ? { device } : {}) });
  const deviceCookieOf = (response: { cookies: Array<{ name: string; value: string }> }) =>
    response.cookies.find((c) => c.name === 'helio_device')?.value;

  it('answers the fifth wrong password with 429 TooManyAttempts, Retry-After and retryAfterSeconds', async () => {
    const user = await addUser(db, tenantId);
    const address = freshAddress();
    for (let i = 0; i < 4; i++) {
      const wrong = await signIn(user.email, 'Wrong-password-1!', address);
      expect(wrong.statusCode).toBe(401);
      expect(wrong.json()).toEqual({ error: { code: 'NotAuthorized', message: SIGN_IN_FAILED } });
    }
    const fifth = await signIn(user.email, 'Wrong-password-1!', address);
    expect(fifth.statusCode).toBe(429);
    expect(fifth.headers['retry-after']).toBe('900');
    expect(fifth.json()).toEqual({
      error: { code: 'TooManyAttempts', message: 'Too many failed attempts; try again in 15 minutes', details: { retryAfterSeconds: 900 } },
    });
  });

  it('locks the account only where the failures came from: the right password from elsewhere gets in', async () => {
    const user = await addUser(db, tenantId);
    const address = freshAddress();
    for (let i = 0; i < 5; i++) await signIn(user.email, 'Wrong-password-1!', address);
    const there = await signIn(user.email, user.password, address);
    expect(there.statusCode).toBe(429);
    expect(Number(there.headers['retry-after'])).toBeGreaterThan(890);
    expect((await signIn(user.email, user.password, freshAddress())).statusCode).toBe(200);
  });

  it('backs off a guesser spread over many addresses, but lets the owner’s known device in with the right password', async () => {
    const user = await addUser(db, tenantId);
    const first = await signIn(user.email, user.password, freshAddress());
    expect(first.statusCode).toBe(200);
    const device = deviceCookieOf(first);
    expect(device).toBeDefined();
    const answers = [];
    for (let i = 0; i < 50; i++) answers.push((await signIn(user.email, 'Wrong-password-1!', freshAddress())).statusCode);
    expect(answers.at(-1)).toBe(429);
    expect((await signIn(user.email, user.password, freshAddress())).statusCode).toBe(429);
    expect((await signIn(user.email, user.password, freshAddress(), device)).statusCode).toBe(200);
    // a device token of another account proves nothing here
    const other = await addUser(db, tenantId);
    const otherDevice = deviceCookieOf(await signIn(other.email, other.password, freshAddress()));
    expect((await signIn(user.email, user.password, freshAddress(), otherDevice)).statusCode).toBe(429);
  }, 60_000); // fifty scrypt checks on a shared machine

  it('lets the user in again once the lock has run out', async () => {
    const user = await addUser(db, tenantId);
    const address = freshAddress();
    for (let i = 0; i < 5; i++) await signIn(user.email, 'Wrong-password-1!', address);
    await db
      .updateTable('sign_in_throttle')
      .set({ locked_until: Date.now() - 1 })
      .where('key', '=', `pair:${user.email}|${address}`)
      .execute();
    expect((await signIn(user.email, user.password, address)).statusCode).toBe(200);
  });

  it('locks an unknown username exactly like a real one, so the lockout tells nothing', async () => {
    const address = freshAddress();
    const answers = [];
    for (let i = 0; i < 6; i++) answers.push(await signIn('nobody-here@helio.test', 'Wrong-password-1!', address));
    expect(answers.map((a) => a.statusCode)).toEqual([401, 401, 401, 401, 429, 429]);
    expect(answers[5]?.json()).toMatchObject({ error: { code: 'TooManyAttempts', details: { retryAfterSeconds: 900 } } });
  });

  it('locks a client address after 20 failures across any usernames', async () => {
    const address = freshAddress();
    for (let i = 0; i < 19; i++) expect((await signIn(`guess-${i}@helio.test`, 'Wrong-password-1!', address)).statusCode).toBe(401);
    expect((await signIn('guess-19@helio.test', 'Wrong-password-1!', address)).statusCode).toBe(429);
    const user = await addUser(db, tenantId);
    expect(errorCode(await signIn(user.email, user.password, address))).toBe('TooManyAttempts');
    const elsewhere = await signIn(user.email, user.password, freshAddress());
    expect(elsewhere.statusCode).toBe(200);
    // the owner's known device passes the lock of the address it shares with the guesser
    expect((await signIn(user.email, user.password, address, deviceCookieOf(elsewhere))).statusCode).toBe(200);
  });

  it('forgets the failures after a successful sign-in', async () => {
    const user = await addUser(db, tenantId);
    const address = freshAddress();
    for (let i = 0; i < 4; i++) await signIn(user.email, 'Wrong-password-1!', address);
    expect((await signIn(user.email, user.password, address)).statusCode).toBe(200);
    for (let i = 0; i < 4; i++) expect((await signIn(user.email, 'Wrong-password-1!', address)).statusCode).toBe(401);
  });
});
