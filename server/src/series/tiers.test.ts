// Retention tiers (issue 38, phase 2) on both engines: an operator's ages over the defaults, refused out
// of order; a run compacts the raw samples it deletes into the 1- and 15-minute buckets their tiers still
// keep, so those reads answer as before; every tier pruned at its own age; sizes measured; the endpoints.
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { insertPlant, insertTenant, userWithToken } from '../iot/test-fixtures';
import { databaseTargets } from '../testing/databases';
import { expectRefused } from '../testing/refusal';
import { apiPost, createTestApp } from '../testing/test-app';
import { calendarOf } from './calendar';
import { packClosedHours } from './series-packer';
import { readSeries } from './series-reader';
import { SeriesWriter } from './series-writer';
import { applyTierRetention } from './tier-retention';
import { measureTiers, recordTierSizes } from './tier-sizes';
import { defaultTierDays, readTierDays, setTierDays, type TierDays } from './tier-settings';

const DAY_MS = 86_400_000;
const NOW = Date.parse('2025-06-30T12:07:00Z');
const STEP = 20_000;
const DAYS = 6;
const DEFAULTS: TierDays = defaultTierDays({ rawRetentionDays: 2, rollupRetentionDays: 400 });

describe.each(databaseTargets())('retention tiers on $name', (target) => {
  let db: Kysely<Database>;
  const thing = 'tiers-1';

  beforeAll(async () => {
    db = await target.create();
    await insertPlant(db, await insertTenant(db), thing);
    // six days of a sample every 20 s, two metrics; the last hour's samples raw, the rest packed (the
    // writer's hour is NOW's: its samples are report rows, the hour before sample rows)
    const start = NOW - DAYS * DAY_MS;
    const samples = Array.from({ length: (DAYS * DAY_MS) / STEP }, (_, i) => start + i * STEP).flatMap((ts, i) => [
      { metricKey: 'ActPwrPve', ts, value: 1000 + (i % 97) * 3.5 },
      { metricKey: 'BatSoc', ts, value: 20 + (i % 50) },
    ]);
    for (let i = 0; i < samples.length; i += 20_000) {
      await db
        .transaction()
        .execute((trx) => new SeriesWriter(undefined, 'direct', () => NOW).writeSamples(trx, thing, samples.slice(i, i + 20_000)));
    }
    await packClosedHours(db, NOW);
  });
  afterAll(() => target.destroy());

  it('keeps the defaults until an operator sets a tier, and refuses a coarser tier kept shorter than a finer one', async () => {
    expect(DEFAULTS).toEqual({ raw: 2, '1m': 2, '15m': 2, '1h': 400, '1d': 400 });
    expect((await readTierDays(db, DEFAULTS)).days).toEqual(DEFAULTS);
    await expectRefused(
      setTierDays(db, DEFAULTS, { tier: '1m', days: 1, by: 'test' }),
      /1m tier \(1 days\) cannot be kept shorter than the raw tier/,
    );
    await expectRefused(setTierDays(db, DEFAULTS, { tier: '1h', days: 401, by: 'test' }), /1d tier \(400 days\).*1h tier/);
    expect((await readTierDays(db, DEFAULTS)).custom.size).toBe(0);
    await setTierDays(db, DEFAULTS, { tier: '15m', days: 5, by: 'test' });
    await setTierDays(db, DEFAULTS, { tier: '1m', days: 4, by: 'test' });
    const { days, custom } = await readTierDays(db, DEFAULTS);
    expect(days).toEqual({ raw: 2, '1m': 4, '15m': 5, '1h': 400, '1d': 400 });
    expect([...custom].sort()).toEqual(['15m', '1m']);
    // a default raised past a setting keeps the order by keeping more
    expect((await readTierDays(db, { ...DEFAULTS, raw: 10 })).days).toMatchObject({ raw: 10, '1m': 10, '15m': 10 });
  });

  it('compacts the raw samples it deletes into the 1- and 15-minute buckets their tiers keep: the reads answer as before', async () => {
    const calendar = calendarOf('Europe/Prague');
    const read = (granularity: '1m' | '15m', days: number) =>
      readSeries(db, {
        thingName: thing,
        calendar,
        metricKeys: ['ActPwrPve', 'BatSoc'],
        start: NOW - days * DAY_MS,
        end: NOW,
        granularity,
      });
    // what each tier will still hold: from its age, past the day the first of its buckets may straddle
    const minutesBefore = await read('1m', 4);
    const quartersBefore = await read('15m', 5);
    const rawBefore = (await measureTiers(db)).raw.rows;
    expect(rawBefore).toBe(2 * ((DAYS * DAY_MS) / STEP));
    expect(await db.selectFrom('metric_reports').select('ts').executeTakeFirst()).toBeDefined();

    const { days } = await readTierDays(db, DEFAULTS);
    const result = await applyTierRetention(db, days, NOW);
    expect(result.compacted).toBeGreaterThan(0);
    expect(result.deleted.raw).toBeGreaterThan(0);
    const sizes = await measureTiers(db);
    expect(sizes.raw.rows).toBe(rawBefore - result.deleted.raw);
    // the run's cutoffs fall on the quarter hour before NOW (12:00); raw samples stay one hold (15 min) longer
    expect(sizes.raw.oldest).toBe(Date.parse('2025-06-28T11:45:00Z'));
    // a 1-minute bucket for every minute between the 1m tier's age and the raw tier's, each metric
    expect(sizes['1m'].rows).toBe(2 * 2 * 24 * 60);
    expect(sizes['15m'].rows).toBe(2 * 3 * 24 * 4);
    expect(sizes['1m'].oldest).toBe(Date.parse('2025-06-26T12:00:00Z'));
    expect(sizes['15m'].oldest).toBe(Date.parse('2025-06-25T12:00:00Z'));

    expect(await read('1m', 4)).toEqual(minutesBefore);
    expect(await read('15m', 5)).toEqual(quartersBefore);

    // a second run keeps and deletes nothing more
    expect(await applyTierRetention(db, days, NOW)).toEqual({ compacted: 0, deleted: { raw: 0, '1m': 0, '15m': 0, '1h': 0, '1d': 0 } });

    // a day later each tier has moved on by a day
    const later = await applyTierRetention(db, days, NOW + DAY_MS);
    expect(later.deleted['1m']).toBe(2 * 24 * 60);
    expect(later.deleted['15m']).toBe(2 * 24 * 4);
    expect(later.compacted).toBe(2 * (24 * 60 + 24 * 4));
  });

  it('prunes the hour and day tiers at their own ages, the month roll-ups with the day tier', async () => {
    const { days } = await readTierDays(db, DEFAULTS);
    const result = await applyTierRetention(db, { ...days, '1h': 3, '1d': 4 }, NOW);
    expect(result.deleted['1h']).toBeGreaterThan(0);
    const sizes = await measureTiers(db);
    expect(sizes['1h'].oldest).toBeGreaterThanOrEqual(NOW - 3 * DAY_MS - 15 * 60_000);
    const dayBuckets = await db
      .selectFrom('metric_rollups')
      .select((eb) => eb.fn.min<number>('bucket').as('b'))
      .where('granularity', '=', 'day')
      .executeTakeFirstOrThrow();
    expect(Number(dayBuckets.b)).toBeGreaterThanOrEqual(NOW - 4 * DAY_MS - DAY_MS);
    // June's month roll-up stays while its last sample is within the day tier: it lists the series for pruning
    expect(sizes['1d'].oldest).toBe(Date.parse('2025-05-31T22:00:00Z'));
  });

  it('measures each tier: rows, bytes from the engine, oldest and newest', async () => {
    await recordTierSizes(db, NOW);
    const rows = await db.selectFrom('series_tier_sizes').selectAll().orderBy('tier').execute();
    expect(rows.map((r) => r.tier)).toEqual(['15m', '1d', '1h', '1m', 'raw']);
    for (const row of rows) {
      expect(Number(row.row_count)).toBeGreaterThan(0);
      expect(Number(row.bytes)).toBeGreaterThan(0);
      expect(Number(row.newest)).toBeGreaterThanOrEqual(Number(row.oldest));
      expect(Number(row.measured_at)).toBe(NOW);
    }
  });
});

describe.each(databaseTargets())('series/tiers endpoints on $name', (target) => {
  let db: Kysely<Database>;
  let app: FastifyInstance;
  let admin: string;
  let viewer: string;
  let otherAdmin: string;

  beforeAll(async () => {
    db = await target.create();
    const platform = await insertTenant(db);
    const other = await insertTenant(db);
    const name = (await db.selectFrom('tenants').select('name').where('id', '=', platform).executeTakeFirstOrThrow()).name;
    admin = (await userWithToken(db, platform, 'admin')).idToken;
    viewer = (await userWithToken(db, platform, 'viewer')).idToken;
    otherAdmin = (await userWithToken(db, other, 'admin')).idToken;
    app = await createTestApp(db, { releasesOrganisation: name, rawRetentionDays: 90, rollupRetentionDays: 3650 });
  });
  afterAll(async () => {
    await app.close();
    await target.destroy();
  });

  it('lists the tiers with their defaults, sets one, and refuses one out of order naming both tiers', async () => {
    const list = await apiPost(app, 'series/tiers', {}, admin);
    expect(list.statusCode).toBe(200);
    expect(list.json().tiers.map((t: { tier: string; retentionDays: number }) => [t.tier, t.retentionDays])).toEqual([
      ['raw', 90],
      ['1m', 90],
      ['15m', 90],
      ['1h', 3650],
      ['1d', 3650],
    ]);
    const set = await apiPost(app, 'series/tiers/set', { tier: '15m', retentionDays: 365 }, admin);
    expect(set.statusCode).toBe(200);
    expect(set.json().tiers[2]).toMatchObject({ tier: '15m', retentionDays: 365, defaultDays: 90, custom: true });
    const refused = await apiPost(app, 'series/tiers/set', { tier: 'raw', retentionDays: 120 }, admin);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error).toMatchObject({
      code: 'TierOrder',
      details: { finer: 'raw', coarser: '1m', finerDays: 120, coarserDays: 90 },
    });
    expect((await apiPost(app, 'series/tiers/set', { tier: '1d', retentionDays: 0 }, admin)).statusCode).toBe(400);
    expect((await apiPost(app, 'series/tiers/set', { tier: '1w', retentionDays: 10 }, admin)).statusCode).toBe(400);
    expect((await apiPost(app, 'series/tiers', {}, admin)).json().tiers[0]).toMatchObject({
      tier: 'raw',
      retentionDays: 90,
      custom: false,
    });
    // who set which tier, from what, stays in the audit log (a refused change is not recorded)
    const audited = await db
      .selectFrom('audit_events')
      .select(['action', 'details'])
      .where('action', '=', 'series.retention_set')
      .execute();
    expect(audited.map((e) => JSON.parse(e.details))).toEqual([{ tier: '15m', retentionDays: 365, previousDays: 90 }]);
  });

  it('answers 403 to a role without series:manage and to another organisation’s admin: the data is every organisation’s', async () => {
    expect((await apiPost(app, 'series/tiers', {})).statusCode).toBe(401);
    expect((await apiPost(app, 'series/tiers', {}, viewer)).statusCode).toBe(403);
    expect((await apiPost(app, 'series/tiers', {}, otherAdmin)).statusCode).toBe(403);
    expect((await apiPost(app, 'series/tiers/set', { tier: '1d', retentionDays: 5000 }, otherAdmin)).statusCode).toBe(403);
  });
});
