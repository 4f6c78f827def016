// An invitation to an address that has an account in another organisation is answered exactly like
// any invitation, so it tells the inviting organisation nothing; what it makes is a placeholder that
// never signs in, and the address's owner is told, in their language, to ask for another address.
import type { IamUser, PlantAccessUser } from '@helio/contracts';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import type { Kysely } from 'kysely';
import { randomUUID } from 'node:crypto';
import type { Database } from '../db/schema';
import { seedDemoData } from '../demo/seed';
import * as passwords from '../auth/passwords';
import { alertRecipients } from '../notifications/alert-mail';
import { notificationsDb } from '../notifications/notifications-db';
import { defaultSettings } from '../notifications/settings';
import { saveSettings } from '../notifications/settings-store';
import { databaseTargets } from '../testing/databases';
import {
  addUser,
  createIdentityApp,
  errorCode,
  freshAddress,
  mailsTo,
  post,
  seededUser,
  tenantIdOf,
  tokenFor,
  type TestUser,
} from './test-fixtures';

// The module's exports are compiled as read-only getters; a plain copy of them can be watched (jest.spyOn).
jest.mock('../auth/passwords', () => ({ __esModule: true, ...jest.requireActual('../auth/passwords') }));

const WEEK_MS = 7 * 24 * 3600 * 1000;
const freshEmail = () => `new-${randomUUID().slice(0, 8)}@helio.test`;

/** An answer with what differs between any two invitations (ids, addresses, times) blanked. */
function shapeOf(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(shapeOf);
  if (value === null || typeof value !== 'object') return value;
  const blank = new Set(['id', 'userId', 'email', 'createdAt', 'invitationExpiresAt']);
  return Object.fromEntries(Object.entries(value).map(([key, v]) => [key, blank.has(key) ? typeof v : shapeOf(v)]));
}

describe.each(databaseTargets())('invitations of addresses with an account elsewhere on $name', (target) => {
  let db: Kysely<Database>;
  let app: FastifyInstance;
  let demo: string;
  let other: string;
  let adminToken: string;
  let otherToken: string;

  beforeAll(async () => {
    db = await target.create();
    await seedDemoData(db);
    app = await createIdentityApp(db);
    demo = await tenantIdOf(db, 'Helio Demo');
    other = await tenantIdOf(db, 'Other Energy s.r.o.');
    adminToken = await tokenFor(db, await seededUser(db, 'admin@helio.local'));
    otherToken = await tokenFor(db, await seededUser(db, 'other@other-energy.local'));
  });
  afterAll(async () => {
    await app.close();
    await target.destroy();
  });

  const invite = (email: string, fields: Partial<{ role: string; locale: 'cs' | 'en' }> = {}, token = adminToken) =>
    post(
      app,
      'iam/users/invite',
      { email, name: 'Jan', family_name: 'Pozvaný', role: 'viewer', modules: ['monitoring', 'notifications'], locale: 'cs', ...fields },
      { token },
    );
  const iam = (path: string, body: object, token = adminToken) => post(app, `iam/users/${path}`, body, { token });
  const listed = async (email: string) =>
    (await iam('list', {})).json<{ users: IamUser[] }>().users.find((user) => user.email === email) ?? null;
  const auditOf = (userId: string) =>
    db.selectFrom('audit_events').select(['action', 'details']).where('target_id', '=', userId).orderBy('created_at').execute();
  const signIn = (username: string, password: string) => post(app, 'auth/sign-in', { username, password }, { address: freshAddress() });
  /** Someone of Other Energy, with their own password and language. */
  const accountElsewhere = (locale: 'cs' | 'en' = 'en'): Promise<TestUser> => addUser(db, other, { locale, role: 'viewer' });
  const placeholderOf = (email: string) =>
    db.selectFrom('users').selectAll().where('email', '=', email).where('tenant_id', '=', demo).executeTakeFirstOrThrow();
  const demoPlantId = async () =>
    (await db.selectFrom('plants').select('id').where('tenant_id', '=', demo).orderBy('thing_name').executeTakeFirstOrThrow()).id;

  it('answers iam/users/invite for an address of another organisation exactly as for a new one, scrypt included', async () => {
    const elsewhere = await accountElsewhere();
    const fresh = freshEmail();
    const hashes = jest.spyOn(passwords, 'hashPassword');
    let answers: LightMyRequestResponse[];
    try {
      answers = [await invite(fresh), await invite(elsewhere.email)];
      // No early answer for the taken address: both ran the hashing that is most of an invitation's time.
      expect(hashes).toHaveBeenCalledTimes(2);
    } finally {
      hashes.mockRestore();
    }
    const [toFresh, toTaken] = answers;
    expect(toTaken?.statusCode).toBe(200);
    expect(toTaken?.statusCode).toBe(toFresh?.statusCode);
    expect(toTaken?.headers['content-type']).toBe(toFresh?.headers['content-type']);
    expect(shapeOf(toTaken?.json())).toEqual(shapeOf(toFresh?.json()));
    for (const [email, answer] of [
      [fresh, toFresh],
      [elsewhere.email, toTaken],
    ] as const) {
      const user = answer?.json<IamUser>();
      expect(user).toMatchObject({ email, status: 'invited', role: { id: 'viewer' }, lastSignInAt: null });
      expect(Date.parse(user?.invitationExpiresAt ?? '') - Date.now()).toBeGreaterThan(WEEK_MS - 60_000);
      // Listed alike, and audited alike: the organisation's own records tell nothing either.
      expect(shapeOf(await listed(email))).toEqual(shapeOf(user));
      expect(await auditOf(user?.id ?? '')).toEqual([
        {
          action: 'iam.user_invited',
          details: JSON.stringify({ role: 'viewer', modules: ['monitoring', 'notifications'], locale: 'cs', resent: false }),
        },
      ]);
    }
  });

  it('answers plant/access/invite for an address of another organisation exactly as for a new one', async () => {
    const plant = await demoPlantId();
    const elsewhere = await accountElsewhere();
    const body = { id: plant, role: 'operator', name: 'Jana', familyName: 'Nová', locale: 'en' };
    const toFresh = await post(app, 'plant/access/invite', { ...body, email: freshEmail() }, { token: adminToken });
    const toTaken = await post(app, 'plant/access/invite', { ...body, email: elsewhere.email }, { token: adminToken });
    expect([toFresh.statusCode, toTaken.statusCode]).toEqual([200, 200]);
    expect(shapeOf(toTaken.json())).toEqual(shapeOf(toFresh.json()));
    expect(toTaken.json()).toMatchObject({ invited: true, user: { email: elsewhere.email, role: 'operator', status: 'invited' } });
    const access = (await post(app, 'plant/access/list', { id: plant }, { token: adminToken })).json<{ users: PlantAccessUser[] }>().users;
    const both = [toFresh, toTaken].map((answer) => access.find((u) => u.userId === answer.json<{ user: PlantAccessUser }>().user.userId));
    expect(both.map((u) => u?.status)).toEqual(['invited', 'invited']);
    expect(shapeOf(both[1])).toEqual(shapeOf(both[0]));
  });

  it('makes no account: the owner is mailed in their language to ask for another address, and their account is untouched', async () => {
    const elsewhere = await accountElsewhere('en');
    const before = await db.selectFrom('users').selectAll().where('id', '=', elsewhere.id).executeTakeFirstOrThrow();
    expect((await invite(elsewhere.email, { locale: 'cs' })).statusCode).toBe(200);
    const [mail, ...more] = await mailsTo(db, elsewhere.email);
    expect(more).toEqual([]);
    expect(mail).toMatchObject({ language: 'en', subject: 'Your invitation to Helio EMS (Helio Demo)' });
    expect(mail?.text).toContain('Helio Demo invited you to Helio EMS');
    expect(mail?.text).toContain('ask them for an invitation to another e-mail address');
    expect(mail?.text).not.toMatch(/password:/i);
    expect(await db.selectFrom('users').selectAll().where('id', '=', elsewhere.id).executeTakeFirstOrThrow()).toEqual(before);
    const placeholder = await placeholderOf(elsewhere.email);
    expect(placeholder).toMatchObject({ placeholder: 1, password_hash: passwords.UNUSABLE_PASSWORD_HASH, tenant_id: demo });
    // The owner still signs in, to their own organisation.
    const signedIn = await signIn(elsewhere.email, elsewhere.password);
    expect(signedIn.statusCode).toBe(200);
    const info = await post(app, 'users/info', {}, { token: signedIn.json<{ idToken: string }>().idToken });
    expect(info.json()).toMatchObject({ tenant: { id: other } });
  });

  it('mails a Czech owner in Czech, whatever language the invitation was for', async () => {
    expect((await invite('other@other-energy.local', { locale: 'en' })).statusCode).toBe(200);
    const [mail] = await mailsTo(db, 'other@other-energy.local');
    expect(mail).toMatchObject({ language: 'cs', subject: 'Pozvánka do Helio EMS (Helio Demo)' });
    expect(mail?.text).toContain('Dobrý den, Karel,');
    expect(mail?.text).toContain('požádejte ji o pozvánku na jinou e-mailovou adresu');
  });

  it('never lets the placeholder sign in or reset a password: both reach only the real account', async () => {
    const elsewhere = await accountElsewhere();
    await invite(elsewhere.email);
    const placeholder = await placeholderOf(elsewhere.email);
    expect(errorCode(await signIn(elsewhere.email, 'Any-guess-2024!'))).toBe('NotAuthorized');
    expect(errorCode(await signIn(elsewhere.email, passwords.UNUSABLE_PASSWORD_HASH))).toBe('NotAuthorized');
    expect((await post(app, 'auth/forgot-password', { username: elsewhere.email }, { address: freshAddress() })).statusCode).toBe(200);
    const codes = await db
      .selectFrom('password_reset_codes')
      .select('user_id')
      .where('user_id', 'in', [elsewhere.id, placeholder.id])
      .execute();
    expect(codes).toEqual([{ user_id: elsewhere.id }]);
    const mails = await mailsTo(db, elsewhere.email);
    const code = /\b(\d{6})\b/.exec(mails[mails.length - 1]?.text ?? '')?.[1] ?? '';
    const newPassword = 'Nove-heslo-2025!';
    const confirmed = await post(
      app,
      'auth/confirm-forgot-password',
      { username: elsewhere.email, code, newPassword },
      { address: freshAddress() },
    );
    expect(confirmed.statusCode).toBe(200);
    expect((await placeholderOf(elsewhere.email)).password_hash).toBe(passwords.UNUSABLE_PASSWORD_HASH);
    const signedIn = await signIn(elsewhere.email, newPassword);
    expect((await post(app, 'users/info', {}, { token: signedIn.json<{ idToken: string }>().idToken })).json()).toMatchObject({
      tenant: { id: other },
    });
  });

  it('resends, changes, disables, enables and deletes the placeholder as any invited user, and mails no alerts to it', async () => {
    const elsewhere = await accountElsewhere();
    const first = (await invite(elsewhere.email, { role: 'admin' })).json<IamUser>();
    const again = await invite(elsewhere.email, { role: 'operator' });
    expect(again.statusCode).toBe(200);
    expect(again.json()).toMatchObject({ id: first.id, status: 'invited', role: { id: 'operator' } });
    expect(Date.parse(again.json<IamUser>().invitationExpiresAt ?? '')).toBeGreaterThanOrEqual(Date.parse(first.invitationExpiresAt ?? ''));
    expect((await auditOf(first.id)).map((a) => (JSON.parse(a.details) as { resent: boolean }).resent)).toEqual([false, true]);
    expect(await mailsTo(db, elsewhere.email)).toHaveLength(2);

    // It may see a plant and hear of its alerts like anyone, but no alert mail goes to the address's owner.
    const plant = await demoPlantId();
    expect(
      (await post(app, 'plant/access/update', { id: plant, userId: first.id, role: 'viewer' }, { token: adminToken })).statusCode,
    ).toBe(200);
    await saveSettings(notificationsDb(db), first.id, {
      ...defaultSettings(),
      enabled: true,
      days: defaultSettings().days.map((d) => ({ ...d, from: '00:00', to: '23:59' })),
    });
    const startedAt = new Date();
    startedAt.setUTCHours(10, 0, 0, 0);
    const recipients = await alertRecipients(notificationsDb(db), { id: plant, tenant_id: demo }, startedAt, 'UTC');
    expect(recipients.map((r) => r.email)).not.toContain(elsewhere.email);

    expect((await iam('update', { id: first.id, role: 'viewer', modules: ['monitoring'] })).json()).toMatchObject({
      role: { id: 'viewer' },
    });
    expect((await iam('disable', { id: first.id })).json()).toMatchObject({ status: 'disabled' });
    expect((await iam('enable', { id: first.id })).json()).toMatchObject({ status: 'invited' });
    expect((await iam('delete', { id: first.id })).json()).toEqual({ ok: true });
    expect(await listed(elsewhere.email)).toBeNull();
    expect(await db.selectFrom('users').select('id').where('email', '=', elsewhere.email).execute()).toEqual([{ id: elsewhere.id }]);
  });

  it('keeps the last-administrator rule: an owner placeholder is no owner who could take over', async () => {
    const tenant = randomUUID();
    await db.insertInto('tenants').values({ id: tenant, name: 'Lone owner', created_at: new Date().toISOString() }).execute();
    const owner = await addUser(db, tenant, { role: 'owner' });
    const ownerToken = await tokenFor(db, owner);
    const elsewhere = await accountElsewhere();
    expect((await invite(elsewhere.email, { role: 'owner' }, ownerToken)).statusCode).toBe(200);
    expect(errorCode(await iam('update', { id: owner.id, role: 'admin' }, ownerToken))).toBe('LastAdministrator');
  });

  it('turns a placeholder into a real invitation once the address has no account elsewhere', async () => {
    const elsewhere = await accountElsewhere();
    await invite(elsewhere.email);
    expect((await post(app, 'iam/users/delete', { id: elsewhere.id }, { token: otherToken })).statusCode).toBe(200);
    // Still a placeholder until it is resent: nothing signs in with it.
    expect(errorCode(await signIn(elsewhere.email, passwords.UNUSABLE_PASSWORD_HASH))).toBe('NotAuthorized');
    expect((await invite(elsewhere.email)).statusCode).toBe(200);
    const mails = await mailsTo(db, elsewhere.email);
    const temporary = /Dočasné heslo: (\S+)/.exec(mails[mails.length - 1]?.text ?? '')?.[1] ?? '';
    expect((await signIn(elsewhere.email, temporary)).json()).toMatchObject({ challenge: 'NEW_PASSWORD_REQUIRED' });
    expect(await placeholderOf(elsewhere.email)).toMatchObject({ placeholder: 0 });
  });

  it('lets two organisations invite one new address at once: one account, one placeholder, answered alike', async () => {
    const email = freshEmail();
    const answers = await Promise.all([invite(email, {}, adminToken), invite(email, {}, otherToken)]);
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200]);
    expect(shapeOf(answers[0]?.json())).toEqual(shapeOf(answers[1]?.json()));
    const rows = await db.selectFrom('users').select(['tenant_id', 'placeholder']).where('email', '=', email).execute();
    expect(rows.map((r) => r.placeholder).sort()).toEqual([0, 1]);
    const texts = (await mailsTo(db, email)).map((m) => m.text);
    expect(texts.filter((t) => /Dočasné heslo:/.test(t))).toHaveLength(1);
    expect(texts.filter((t) => /jinou e-mailovou adresu/.test(t))).toHaveLength(1);
  });

  it('still answers 409 for an address of the inviting organisation itself', async () => {
    expect(errorCode(await invite('viewer@helio.local'))).toBe('UserExists');
  });
});
