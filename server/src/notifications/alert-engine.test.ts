import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { addUser, giveTenantPlants, type NewUser } from '../iam/test-fixtures';
import { databaseTargets } from '../testing/databases';
import { createAlertEngine, startAlertEngine } from './alert-engine';
import { clearSkyPvW } from './clear-sky';
import { saveSettings } from './settings-store';
import { defaultSettings, type NotificationSettings } from './settings';
import { notificationsDb } from './notifications-db';
import { createNotificationsDb, insertPlant, insertTenant, reportShadow, type TestPlant } from './test-fixtures';
import { saveThresholds } from './thresholds';
import { until } from '../testing/until';
import { processBus } from '../cluster/start-bus';

const MIN = 60_000;
const NIGHT = Date.parse('2025-06-11T21:00:00Z'); // Wednesday 23:00 in Prague: no sun to judge PV by
const NOON = Date.parse('2025-06-11T11:00:00Z'); // Wednesday 13:00 in Prague

const quietLog = () => ({ info: jest.fn(), warn: jest.fn(), error: jest.fn() });

describe.each(databaseTargets())('the alert engine on $name', (target) => {
  let db: Kysely<Database>;

  beforeAll(async () => {
    db = await createNotificationsDb(target);
  });
  afterAll(() => target.destroy());

  const engine = () => createAlertEngine({ db, bus: processBus(db), log: quietLog(), consoleUrl: 'https://ems.test', startedAt: 0 });
  const alertsOf = (plant: TestPlant) =>
    notificationsDb(db).selectFrom('alerts').selectAll().where('plant_id', '=', plant.id).orderBy('started_at').execute();
  const freshPlant = async () => insertPlant(db, await insertTenant(db));
  const of = <T extends { plantId: string }>(plant: TestPlant, list: T[]) => list.filter((item) => item.plantId === plant.id);
  const mailsTo = (email: string) => db.selectFrom('outbox').selectAll().where('to', '=', email).execute();

  it('raises gateway offline after more than 5 minutes of silence, once, and clears it when the gateway reports', async () => {
    const plant = await freshPlant();
    await reportShadow(db, plant.thingName, { ActPwrPve: 0, BatSoc: 60 }, NIGHT);
    const alerts = engine();
    expect(of(plant, (await alerts.tick(NIGHT + 5 * MIN)).opened)).toEqual([]);
    const raised = await alerts.tick(NIGHT + 5 * MIN + 1000);
    expect(of(plant, raised.opened)).toEqual([expect.objectContaining({ plantId: plant.id, kind: 'gatewayOffline' })]);
    expect(of(plant, (await alerts.tick(NIGHT + 20 * MIN)).opened)).toEqual([]);
    await reportShadow(db, plant.thingName, { ActPwrPve: 0, BatSoc: 60 }, NIGHT + 30 * MIN);
    expect(of(plant, (await alerts.tick(NIGHT + 30 * MIN)).closed)).toEqual([
      expect.objectContaining({ plantId: plant.id, kind: 'gatewayOffline' }),
    ]);
    const [alert, ...others] = await alertsOf(plant);
    expect(others).toEqual([]);
    expect(alert).toMatchObject({
      kind: 'gatewayOffline',
      severity: 'critical',
      started_at: new Date(NIGHT + 5 * MIN + 1000).toISOString(),
      ended_at: new Date(NIGHT + 30 * MIN).toISOString(),
    });
    expect(JSON.parse(alert?.details ?? '{}')).toEqual({ lastReportAt: NIGHT });
  });

  it('opens a new alert for a new episode of the same condition', async () => {
    const plant = await freshPlant();
    const alerts = engine();
    await reportShadow(db, plant.thingName, { BatSoc: 60, InverterFault: 12 }, NIGHT);
    await alerts.tick(NIGHT);
    await reportShadow(db, plant.thingName, { BatSoc: 60, InverterFault: 0 }, NIGHT + MIN);
    await alerts.tick(NIGHT + MIN);
    await reportShadow(db, plant.thingName, { BatSoc: 60, InverterState: 'fault' }, NIGHT + 2 * MIN);
    await alerts.tick(NIGHT + 2 * MIN);
    const rows = await alertsOf(plant);
    expect(rows.map((r) => [r.kind, r.ended_at === null])).toEqual([
      ['inverterFault', false],
      ['inverterFault', true],
    ]);
  });

  it('judges the battery by the plant’s own threshold and clears it 2 points above', async () => {
    const plant = await freshPlant();
    await saveThresholds(notificationsDb(db), plant.id, { batterySocMin: 40, pvMinPercent: 10 });
    const alerts = engine();
    await reportShadow(db, plant.thingName, { BatSoc: 39 }, NIGHT);
    expect(of(plant, (await alerts.tick(NIGHT)).opened).map((o) => o.kind)).toEqual(['batteryLow']);
    await reportShadow(db, plant.thingName, { BatSoc: 41 }, NIGHT + MIN);
    expect(of(plant, (await alerts.tick(NIGHT + MIN)).closed)).toEqual([]);
    await reportShadow(db, plant.thingName, { BatSoc: 42 }, NIGHT + 2 * MIN);
    expect(of(plant, (await alerts.tick(NIGHT + 2 * MIN)).closed).map((c) => c.kind)).toEqual(['batteryLow']);
  });

  it('raises a grid outage from what the gateway reports', async () => {
    const plant = await freshPlant();
    await reportShadow(db, plant.thingName, { GridConnected: false }, NIGHT);
    expect(of(plant, (await engine().tick(NIGHT)).opened).map((o) => o.kind)).toEqual(['gridOutage']);
  });

  it('raises PV far below the clear-sky estimate from a quarter hour of samples', async () => {
    const plant = await freshPlant();
    const samples = Array.from({ length: 15 }, (_, i) => ({
      thing_name: plant.thingName,
      metric_key: 'ActPwrPve',
      ts: NOON - i * MIN,
      value: 150,
    }));
    await db.insertInto('metric_samples').values(samples).execute();
    await reportShadow(db, plant.thingName, { ActPwrPve: 150 }, NOON);
    const opened = of(plant, (await engine().tick(NOON)).opened);
    expect(opened.map((o) => o.kind)).toEqual(['pvLow']);
    const [alert] = await alertsOf(plant);
    expect(JSON.parse(alert?.details ?? '{}')).toEqual({
      actualW: 150,
      expectedW: Math.round(clearSkyPvW(new Date(NOON), 49.2, 16.6, 10)),
      threshold: 10,
    });
  });

  it('reads PV samples only where they can change the verdict: the latest alone of a plant producing well, none at night', async () => {
    const day = NOON + 7 * 24 * 60 * MIN; // a week on: the other tests' gateways are silent, so not judged
    const night = day + 10 * 60 * MIN; // 23:00 in Prague
    const plant = await freshPlant();
    const expected = (ts: number) => clearSkyPvW(new Date(ts), 49.2, 16.6, 10);
    // a quarter hour far below the estimate, then the latest sample at it: off, by the latest alone
    const samples = Array.from({ length: 15 }, (_, i) => ({ ts: day - (i + 1) * MIN, value: 150 }));
    samples.push({ ts: day, value: expected(day) });
    await db
      .insertInto('metric_samples')
      .values(samples.map((s) => ({ thing_name: plant.thingName, metric_key: 'ActPwrPve', ...s })))
      .execute();
    await reportShadow(db, plant.thingName, { ActPwrPve: expected(day) }, day);
    const reads: string[] = [];
    const watched = db.withPlugin({
      transformQuery: (args) => {
        if (JSON.stringify(args.node).includes('metric_samples')) reads.push(args.node.kind);
        return args.node;
      },
      transformResult: (args) => Promise.resolve(args.result),
    });
    const alerts = createAlertEngine({ db: watched, bus: processBus(db), log: quietLog(), consoleUrl: 'https://ems.test', startedAt: 0 });
    expect(of(plant, (await alerts.tick(day)).opened)).toEqual([]);
    expect(reads).toEqual(['RawNode']); // each plant's latest sample, in one statement; no window read

    // the latest below the threshold too: the window is read, and the alert opens from it
    await db.updateTable('metric_samples').set({ value: 150 }).where('thing_name', '=', plant.thingName).where('ts', '=', day).execute();
    reads.length = 0;
    expect(of(plant, (await alerts.tick(day)).opened).map((o) => o.kind)).toEqual(['pvLow']);
    expect(reads).toEqual(['RawNode', 'SelectQueryNode']);

    reads.length = 0;
    await reportShadow(db, plant.thingName, { ActPwrPve: 0 }, night);
    await alerts.tick(night);
    expect(reads).toEqual([]);
  });

  describe('e-mail', () => {
    const inWindow = (patch: Partial<NotificationSettings> = {}): NotificationSettings => ({
      ...defaultSettings(),
      enabled: true,
      days: defaultSettings().days.map((d) => ({ ...d, from: '22:30', to: '23:30' })),
      ...patch,
    });

    async function userWith(tenantId: string, settings: NotificationSettings | null, spec: NewUser & { plants?: boolean } = {}) {
      const user = await addUser(db, tenantId, spec);
      if (spec.plants !== false) await giveTenantPlants(db, user.id, tenantId);
      if (settings) await saveSettings(notificationsDb(db), user.id, settings);
      return user;
    }

    it('mails, in their language, only the users whose schedule is open when the alert starts', async () => {
      const tenant = await insertTenant(db);
      const plant = await insertPlant(db, tenant, { name: 'Brno – Líšeň' });
      const czech = await userWith(tenant, inWindow(), { locale: 'cs' });
      const english = await userWith(tenant, inWindow(), { locale: 'en' });
      const later = await userWith(tenant, inWindow({ days: defaultSettings().days.map((d) => ({ ...d, from: '23:01', to: '23:59' })) }));
      const switchedOff = await userWith(tenant, { ...inWindow(), enabled: false });
      const neverSaved = await userWith(tenant, null);
      const noModule = await userWith(tenant, inWindow(), { modules: ['monitoring'] });
      const disabled = await userWith(tenant, inWindow(), { status: 'disabled' });
      const otherTenant = await userWith(await insertTenant(db), inWindow());
      const withoutThePlant = await userWith(tenant, inWindow(), { plants: false });
      const tenantAdmin = await userWith(tenant, inWindow(), { role: 'admin', plants: false });

      await reportShadow(db, plant.thingName, { GridStatus: 'outage' }, NIGHT);
      const opened = of(plant, (await engine().tick(NIGHT)).opened);
      expect(opened).toEqual([expect.objectContaining({ kind: 'gridOutage', mailed: 3 })]);
      expect(await mailsTo(tenantAdmin.email)).toHaveLength(1); // sees every plant without access rows

      const [cs] = await mailsTo(czech.email);
      expect(cs?.subject).toBe('Helio EMS: Výpadek sítě – Brno – Líšeň');
      expect(cs?.language).toBe('cs');
      expect(cs?.text).toContain('https://ems.test/notifications');
      const [en] = await mailsTo(english.email);
      expect(en?.subject).toBe('Helio EMS: Grid outage – Brno – Líšeň');
      expect(en?.text).toContain('Started: June 11, 2025');
      for (const user of [later, switchedOff, neverSaved, noModule, disabled, otherTenant, withoutThePlant])
        expect(await mailsTo(user.email)).toEqual([]);
    });

    it('does not mail again while the condition lasts, even once the window opens', async () => {
      const tenant = await insertTenant(db);
      const plant = await insertPlant(db, tenant);
      const user = await userWith(tenant, inWindow({ days: defaultSettings().days.map((d) => ({ ...d, from: '23:10', to: '23:59' })) }));
      await reportShadow(db, plant.thingName, { InverterFault: true }, NIGHT);
      const alerts = engine();
      await alerts.tick(NIGHT);
      await reportShadow(db, plant.thingName, { InverterFault: true }, NIGHT + 15 * MIN);
      await alerts.tick(NIGHT + 15 * MIN);
      expect(await mailsTo(user.email)).toEqual([]);
      expect((await alertsOf(plant)).length).toBe(1);
    });

    it('reads the schedule on Prague time for a plant whose time zone is unknown', async () => {
      const tenant = await insertTenant(db);
      const plant = await insertPlant(db, tenant, { timezone: 'Mars/Olympus_Mons' });
      const user = await userWith(tenant, inWindow(), { locale: 'en' });
      await reportShadow(db, plant.thingName, { InverterState: 'error' }, NIGHT);
      expect(of(plant, (await engine().tick(NIGHT)).opened)).toEqual([expect.objectContaining({ kind: 'inverterFault', mailed: 1 })]);
      expect((await mailsTo(user.email))[0]?.text).toContain('Started: June 11, 2025 at 11:00 PM');
    });

    it('opens and mails an alert once when two replicas evaluate at the same moment', async () => {
      const tenant = await insertTenant(db);
      const plant = await insertPlant(db, tenant);
      const user = await userWith(tenant, inWindow());
      await reportShadow(db, plant.thingName, { InverterFault: true }, NIGHT);
      const results = await Promise.all([engine().tick(NIGHT), engine().tick(NIGHT)]);
      expect(results.flatMap((r) => of(plant, r.opened)).length).toBe(1);
      expect((await alertsOf(plant)).length).toBe(1);
      expect((await mailsTo(user.email)).length).toBe(1);
    });
  });

  it('runs on a timer from the start and stops cleanly', async () => {
    const plant = await freshPlant(); // never reported, added long ago
    const log = quietLog();
    const running = startAlertEngine({ db, bus: processBus(db), log, consoleUrl: 'https://ems.test', startedAt: 0, intervalMs: 60_000 });
    try {
      await until(async () => (await alertsOf(plant)).length > 0, 'the first tick');
    } finally {
      await running.stop();
    }
    expect((await alertsOf(plant)).map((a) => a.kind)).toEqual(['gatewayOffline']);
    expect(log.info).toHaveBeenCalledWith(`alert gatewayOffline opened for plant ${plant.id} (0 mailed)`);
    expect(log.error).not.toHaveBeenCalled();
  });
});
