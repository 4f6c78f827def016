// metric/list and metric/time-series over the real app: the contract's rows, every validation error,
// and tenant isolation for each id (those in pgParams are beyond the generated security probes).
import type { ErrorBody } from '@helio/contracts';
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { ShadowStore } from '../iot/shadows/shadow-store';
import { insertPlant, insertTenant, userWithToken } from '../iot/test-fixtures';
import { databaseTargets } from '../testing/databases';
import { apiPost, createTestApp } from '../testing/test-app';
import { SeriesWriter } from '../series/series-writer';
import { gunzipSync } from 'node:zlib';

const START = Date.parse('2025-06-01T20:00:00Z'); // 22:00 in Prague
const STEP = 5_000;
const REPORTS = (3 * 3_600_000) / STEP; // three hours of 5-second reports

describe.each(databaseTargets())('time-series routes on $name', (target) => {
  let db: Kysely<Database>;
  let app: FastifyInstance;
  let token: string;
  let tenantId: string;
  let plantId: string;
  let otherToken: string;
  let otherTenantId: string;
  let otherPlantId: string;
  const thing = 'series-routes-1';
  const otherThing = 'series-routes-other';

  const plantIdOf = async (thingName: string) =>
    (await db.selectFrom('plants').select('id').where('thing_name', '=', thingName).executeTakeFirstOrThrow()).id;

  beforeAll(async () => {
    db = await target.create();
    tenantId = await insertTenant(db);
    otherTenantId = await insertTenant(db);
    await insertPlant(db, tenantId, thing);
    await insertPlant(db, otherTenantId, otherThing);
    plantId = await plantIdOf(thing);
    otherPlantId = await plantIdOf(otherThing);
    token = (await userWithToken(db, tenantId, 'viewer')).idToken;
    otherToken = (await userWithToken(db, otherTenantId, 'viewer')).idToken;
    const samples = Array.from({ length: REPORTS }, (_, i) => {
      const ts = START + i * STEP;
      return [
        { metricKey: 'ActPwrPve', ts, value: 1000 + (i % 60) },
        { metricKey: 'BatSoc', ts, value: 50 + (i % 10) },
        { metricKey: 'EnergyPveTotal', ts, value: 100 + i / 720 },
      ];
    }).flat();
    await db.transaction().execute((trx) => new SeriesWriter().writeSamples(trx, thing, samples));
    await new ShadowStore(db).applyReported(otherThing, { ActPwrPve: 7 }, START, START);
    app = await createTestApp(db);
  });
  afterAll(async () => {
    await app.close();
    await target.destroy();
  });

  const params = (overrides: Record<string, unknown> = {}) => ({
    pgParams: {
      tenantId,
      gatewayId: thing,
      plantId,
      startTime: new Date(START).toISOString(),
      endTime: new Date(START + 3 * 3_600_000).toISOString(),
      ...overrides,
    },
  });
  const series = async (overrides: Record<string, unknown> = {}, as = token) => apiPost(app, 'metric/time-series', params(overrides), as);
  type Row = {
    time: string;
    metricKey: string;
    avg: number;
    min: number;
    max: number;
    last: number;
    count: number;
    energyKwh: number | null;
  };
  const rowsOf = async (overrides: Record<string, unknown>) => {
    const response = await series(overrides);
    expect(response.statusCode).toBe(200);
    return response.json<{ rows: Row[] }>().rows;
  };

  it('lists the stored metrics with unit and latest value, sorted by key', async () => {
    const response = await apiPost(app, 'metric/list', { plant: plantId }, token);
    expect(response.statusCode).toBe(200);
    const last = new Date(START + (REPORTS - 1) * STEP).toISOString();
    expect(response.json<{ rows: unknown[] }>().rows).toEqual([
      { metricKey: 'ActPwrPve', unit: 'W', lastValue: 1000 + ((REPORTS - 1) % 60), lastTime: last },
      { metricKey: 'BatSoc', unit: '%', lastValue: 50 + ((REPORTS - 1) % 10), lastTime: last },
      { metricKey: 'EnergyPveTotal', unit: 'kWh', lastValue: 100 + (REPORTS - 1) / 720, lastTime: last },
    ]);
  });

  it('answers hourly rows by default for ActPwrPve and OperMode, which has no numbers', async () => {
    const rows = await rowsOf({});
    expect(rows.map((r) => [r.metricKey, r.time, r.count])).toEqual([
      ['ActPwrPve', '2025-06-01T20:00:00.000Z', 720],
      ['ActPwrPve', '2025-06-01T21:00:00.000Z', 720],
      ['ActPwrPve', '2025-06-01T22:00:00.000Z', 720],
    ]);
    const second = rows[1];
    expect(second?.avg).toBeCloseTo(1029.5, 6);
    expect([second?.min, second?.max, second?.last]).toEqual([1000, 1059, 1059]);
    expect(second?.energyKwh).toBeCloseTo(1.0295, 6);
  });

  it('buckets raw samples by 15 minutes and 1 minute to the same totals as the hours', async () => {
    const keys = ['ActPwrPve', 'BatSoc', 'EnergyPveTotal'];
    const hours = await rowsOf({ metricKeys: keys, granularity: '1h' });
    for (const granularity of ['15m', '1m']) {
      const rows = await rowsOf({ metricKeys: keys, granularity });
      for (const key of keys) {
        const ofKey = (list: Row[]) => list.filter((r) => r.metricKey === key);
        const sum = (list: Row[], f: (r: Row) => number) => ofKey(list).reduce((n, r) => n + f(r), 0);
        expect([granularity, key, sum(rows, (r) => r.count)]).toEqual([granularity, key, REPORTS]);
        expect(sum(rows, (r) => r.avg * r.count)).toBeCloseTo(
          sum(hours, (r) => r.avg * r.count),
          3,
        );
        expect(Math.max(...ofKey(rows).map((r) => r.max))).toBe(Math.max(...ofKey(hours).map((r) => r.max)));
      }
      expect(rows.filter((r) => r.metricKey === 'ActPwrPve').reduce((n, r) => n + (r.energyKwh ?? 0), 0)).toBeCloseTo(
        hours.filter((r) => r.metricKey === 'ActPwrPve').reduce((n, r) => n + (r.energyKwh ?? 0), 0),
        6,
      );
      expect(rows.find((r) => r.metricKey === 'BatSoc')?.energyKwh).toBeNull();
    }
    const counter = hours.filter((r) => r.metricKey === 'EnergyPveTotal');
    expect(counter.map((r) => r.max - r.min)).toEqual(counter.map(() => expect.closeTo(719 / 720, 6)));
  });

  it('starts day and month buckets at midnight in the plant time zone', async () => {
    const days = await rowsOf({ metricKeys: ['ActPwrPve'], granularity: '1d' });
    expect(days.map((r) => [r.time, r.count])).toEqual([
      ['2025-05-31T22:00:00.000Z', 1440],
      ['2025-06-01T22:00:00.000Z', 720],
    ]);
    const months = await rowsOf({ metricKeys: ['ActPwrPve'], granularity: '1M' });
    expect(months.map((r) => [r.time, r.count])).toEqual([['2025-05-31T22:00:00.000Z', REPORTS]]);
  });

  it.each([
    ['start after end', { startTime: '2025-06-02T00:00:00Z', endTime: '2025-06-01T00:00:00Z' }, /after/],
    [
      'more than 10,000 buckets',
      { granularity: '1m', startTime: '2025-06-01T00:00:00Z', endTime: '2025-06-07T22:40:01Z' },
      /10001 buckets/,
    ],
    [
      'a year and a day of hours',
      { granularity: '1h', startTime: '2024-01-01T00:00:00Z', endTime: '2025-03-01T00:00:00Z' },
      /10200 buckets of 1h/,
    ],
    ['an unknown metric key', { metricKeys: ['ActPwrPve', 'NoSuchMetric'] }, /NoSuchMetric/],
    [
      '10,000 minutes of 32 metrics (raw work past buckets × keys)',
      {
        granularity: '1m',
        startTime: '2025-06-01T00:00:00Z',
        endTime: '2025-06-07T22:40:00Z',
        metricKeys: Array.from({ length: 32 }, (_, i) => `ActPwrPve${i}`),
      },
      /10000 buckets of 1m for 32 metrics \(320000\); at most 40000/,
    ],
    ['an unknown granularity', { granularity: '5m' }, /granularity/],
    ['a time that is not ISO-8601', { startTime: 'yesterday' }, /startTime/],
    ['an empty list of keys', { metricKeys: [] }, /metricKeys/],
    ['a missing end', { endTime: undefined }, /endTime/],
  ])('answers 400 to %s', async (_, overrides, message) => {
    const response = await series(overrides);
    expect(response.statusCode).toBe(400);
    expect(response.json<ErrorBody>().error.message).toMatch(message);
  });

  it.each([
    [
      'too many buckets',
      { granularity: '1m', startTime: '2025-06-01T00:00:00Z', endTime: '2025-06-07T22:40:01Z' },
      { code: 'SeriesTooLarge', details: { reason: 'buckets', buckets: 10001, maxBuckets: 10000, granularity: '1m' } },
    ],
    [
      'too many raw cells',
      {
        granularity: '1m',
        startTime: '2025-06-01T00:00:00Z',
        endTime: '2025-06-07T22:40:00Z',
        metricKeys: Array.from({ length: 32 }, (_, i) => `ActPwrPve${i}`),
      },
      { code: 'SeriesTooLarge', details: { reason: 'cells', cells: 320000, maxCells: 40000, metricCount: 32 } },
    ],
    [
      'an unknown metric key',
      { metricKeys: ['ActPwrPve', 'NoSuchMetric'] },
      { code: 'MetricUnknown', details: { metricKeys: ['NoSuchMetric'] } },
    ],
  ])('refuses %s with its declared code and the numbers the console names', async (_, overrides, refusal) => {
    const response = await series(overrides);
    expect(response.statusCode).toBe(400);
    expect(response.json<ErrorBody>().error).toMatchObject(refusal);
  });

  it('answers 10,000 minutes of 4 metrics, and a year of hours of 32 (read from the roll-ups)', async () => {
    const four = ['ActPwrPve', 'ActPwrGrid', 'BatSoc', 'ActPwrLoad'];
    expect(
      (await series({ granularity: '1m', startTime: '2025-06-01T00:00:00Z', endTime: '2025-06-07T22:40:00Z', metricKeys: four }))
        .statusCode,
    ).toBe(200);
    const many = Array.from({ length: 32 }, (_, i) => (i === 0 ? 'ActPwrPve' : `ActPwrPve.${i}`));
    const hours = await series({ granularity: '1h', startTime: '2024-06-01T00:00:00Z', endTime: '2025-06-01T00:00:00Z', metricKeys: many });
    expect(hours.json<Partial<ErrorBody>>().error?.message ?? '').not.toMatch(/at most 40000/);
  });

  it('answers up to 10,000 buckets, and a year of hours', async () => {
    expect((await series({ granularity: '1m', startTime: '2025-06-01T00:00:00Z', endTime: '2025-06-07T22:40:00Z' })).statusCode).toBe(200);
    expect((await series({ granularity: '1h', startTime: '2024-06-01T00:00:00Z', endTime: '2025-06-01T00:00:00Z' })).statusCode).toBe(200);
  });

  it('answers 400 to a body without pgParams, or with more in it', async () => {
    expect((await apiPost(app, 'metric/time-series', params().pgParams, token)).statusCode).toBe(400);
    expect((await series({ extra: 1 })).statusCode).toBe(400);
  });

  it.each([
    ['another tenant id', () => ({ tenantId: otherTenantId })],
    ["another tenant's plant", () => ({ plantId: otherPlantId })],
    ["another tenant's gateway", () => ({ gatewayId: otherThing })],
    ["another tenant's plant and gateway", () => ({ plantId: otherPlantId, gatewayId: otherThing })],
    ['a plant that does not exist', () => ({ plantId: 'no-such-plant' })],
    ['a gateway of no plant', () => ({ gatewayId: 'no-such-gateway' })],
  ])('answers 404 to %s', async (_, overrides) => {
    expect((await series(overrides())).statusCode).toBe(404);
  });

  it('names a gateway that is not the plant’s as such (GatewayNotFound)', async () => {
    const response = await series({ gatewayId: 'no-such-gateway' });
    expect(response.statusCode).toBe(404);
    expect(response.json<ErrorBody>().error.code).toBe('GatewayNotFound');
  });

  it('keeps each tenant to its own plants, whichever side asks', async () => {
    expect((await apiPost(app, 'metric/list', { plant: plantId }, otherToken)).statusCode).toBe(404);
    const theirs = { tenantId: otherTenantId, plantId: otherPlantId, gatewayId: otherThing };
    expect((await series(theirs, otherToken)).json<{ rows: Row[] }>().rows.map((r) => r.last)).toEqual([7]);
    expect((await series({}, otherToken)).statusCode).toBe(404);
    expect((await series({ ...theirs, tenantId }, otherToken)).statusCode).toBe(404);
  });

  // Last: it adds a sample. These hours are long closed, so they are answered from the kept buckets.
  it('answers a late sample in a closed hour, written by another instance, at the next request, gzipped or not', async () => {
    const keys = { metricKeys: ['BatSoc'] };
    const before = await rowsOf(keys);
    expect(before.map((r) => r.count)).toEqual([720, 720, 720]);
    const late = START + 3_600_000 + 2_500; // between two stored samples of the second hour
    await db.transaction().execute((trx) => new SeriesWriter().writeSamples(trx, thing, [{ metricKey: 'BatSoc', ts: late, value: 99 }]));
    const after = await rowsOf(keys);
    expect(after.map((r) => r.count)).toEqual([720, 721, 720]);
    expect(after[1]?.max).toBe(99);
    const gzipped = await app.inject({
      method: 'POST',
      url: '/api/metric/time-series',
      payload: params(keys),
      headers: { authorization: `Bearer ${token}`, 'accept-encoding': 'gzip' },
    });
    const plain = await series(keys);
    expect(gzipped.headers['content-encoding']).toBe(plain.body.length >= 1024 ? 'gzip' : undefined);
    const body = gzipped.headers['content-encoding'] === 'gzip' ? gunzipSync(gzipped.rawPayload).toString() : gzipped.body;
    expect(body).toBe(plain.body);
    expect(plain.headers['content-type']).toBe('application/json; charset=utf-8');
  });
});
