import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { addRole, addUser, post, tokenFor } from '../iam/test-fixtures';
import { databaseTargets } from '../testing/databases';
import { createNotificationsApp, createNotificationsDb, insertTenant } from './test-fixtures';

const DEFAULTS = {
  period: 'allDays',
  enabled: false,
  days: [0, 1, 2, 3, 4, 5, 6].map((day) => ({ day, enabled: true, from: '08:00', to: '16:00' })),
};

const customWeek = (first: number) =>
  Array.from({ length: 7 }, (_, i) => ({ day: first + i, enabled: i === 2, from: '06:15', to: i === 2 ? '22:45' : '16:00' }));

describe.each(databaseTargets())('notification settings API on $name', (target) => {
  let db: Kysely<Database>;
  let app: FastifyInstance;
  let tenantId: string;

  beforeAll(async () => {
    db = await createNotificationsDb(target);
    app = await createNotificationsApp(db);
    tenantId = await insertTenant(db);
  });
  afterAll(async () => {
    await app.close();
    await target.destroy();
  });

  const newUserToken = async () => tokenFor(db, await addUser(db, tenantId));

  it('answers the defaults to a user who never saved a schedule', async () => {
    const response = await post(app, 'notifications/settings/get', {}, { token: await newUserToken() });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual(DEFAULTS);
  });

  it('keeps what a user saved, for that user only', async () => {
    const token = await newUserToken();
    const saved = { period: 'custom', enabled: true, days: customWeek(0) };
    const save = await post(app, 'notifications/settings/save', saved, { token });
    expect(save.statusCode).toBe(200);
    expect(save.json()).toEqual(saved);
    expect((await post(app, 'notifications/settings/get', {}, { token })).json()).toEqual(saved);
    expect((await post(app, 'notifications/settings/get', {}, { token: await newUserToken() })).json()).toEqual(DEFAULTS);
  });

  it('overwrites the previous save', async () => {
    const token = await newUserToken();
    await post(app, 'notifications/settings/save', { period: 'custom', enabled: true, days: customWeek(0) }, { token });
    await post(app, 'notifications/settings/save', { ...DEFAULTS, period: 'weekdays', enabled: true }, { token });
    const body = (await post(app, 'notifications/settings/get', {}, { token })).json<typeof DEFAULTS>();
    expect(body.period).toBe('weekdays');
    expect(body.days.map((d) => d.enabled)).toEqual([true, true, true, true, true, false, false]);
  });

  it('normalises days sent in the older 1–7 form to 0–6', async () => {
    const token = await newUserToken();
    const response = await post(app, 'notifications/settings/save', { period: 'custom', enabled: true, days: customWeek(1) }, { token });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ period: 'custom', enabled: true, days: customWeek(0) });
  });

  // 'schema': refused by the contract's schema (BadRequest naming the field); else the schedule's own
  // refusal (NotificationScheduleInvalid) with its reason
  it.each([
    [
      'a day numbered 8',
      { period: 'custom', enabled: true, days: customWeek(1).map((d) => (d.day === 7 ? { ...d, day: 8 } : d)) },
      'schema',
    ],
    [
      'days 0 and 7 together',
      { period: 'custom', enabled: true, days: customWeek(1).map((d) => (d.day === 1 ? { ...d, day: 0 } : d)) },
      'days',
    ],
    ['a repeated day', { period: 'custom', enabled: true, days: customWeek(0).map((d) => (d.day === 6 ? { ...d, day: 0 } : d)) }, 'days'],
    ['six days', { period: 'custom', enabled: true, days: customWeek(0).slice(1) }, 'schema'],
    [
      'a day ending before it starts',
      { period: 'custom', enabled: true, days: customWeek(0).map((d) => ({ ...d, from: '17:00' })) },
      'order',
    ],
    ['a time that is not HH:mm', { period: 'custom', enabled: true, days: customWeek(0).map((d) => ({ ...d, to: '4 pm' })) }, 'schema'],
    ['an unknown period', { ...DEFAULTS, period: 'workdays' }, 'schema'],
    ['a missing master switch', { period: 'allDays', days: DEFAULTS.days }, 'schema'],
    ['an extra property', { ...DEFAULTS, colour: 'red' }, 'schema'],
    [
      'a negative day',
      { period: 'custom', enabled: true, days: customWeek(0).map((d) => (d.day === 0 ? { ...d, day: -1 } : d)) },
      'schema',
    ],
  ])('answers 400 for %s and keeps the stored schedule', async (_, body, reason) => {
    const token = await newUserToken();
    const response = await post(app, 'notifications/settings/save', body, { token });
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toMatchObject(
      reason === 'schema' ? { code: 'BadRequest' } : { code: 'NotificationScheduleInvalid', details: { reason } },
    );
    expect((await post(app, 'notifications/settings/get', {}, { token })).json()).toEqual(DEFAULTS);
  });

  it('needs a session, and nothing more than one', async () => {
    expect((await post(app, 'notifications/settings/get', {})).statusCode).toBe(401);
    expect((await post(app, 'notifications/settings/save', DEFAULTS)).statusCode).toBe(401);
    const nobody = await addUser(db, tenantId, { customRoleId: await addRole(db, tenantId, 'No rights', []), modules: [] });
    const token = await tokenFor(db, nobody);
    expect((await post(app, 'notifications/settings/save', { ...DEFAULTS, enabled: true }, { token })).statusCode).toBe(200);
    expect((await post(app, 'notifications/settings/get', {}, { token })).json().enabled).toBe(true);
  });
});
