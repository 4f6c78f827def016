// History import through the real app (SQLite and PostgreSQL): samples land with roll-ups equal to
// those of live reporting, re-import adds nothing, bad files, times out of range and oversized bodies
// write nothing, and the roll-ups are rebuilt after the answer, for the imported days only.
import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { HistoryImportResult, ErrorBody } from '@helio/contracts';
import type { Database } from '../db/schema';
import { insertPlant, insertTenant } from '../iot/test-fixtures';
import { buildApp } from '../http/app';
import { MODULE_KEYS } from '@helio/contracts';
import { addUser, tokenFor } from '../iam/test-fixtures';
import { SeriesWriter } from '../series/series-writer';
import { loadSpotConfig } from '../spot/spot-config';
import { databaseTargets } from '../testing/databases';
import { whileAuditRefused } from '../testing/refused-audit';
import { apiPost, testConfig } from '../testing/test-app';
import { startRollupRebuilder, type RollupRebuilder } from './rollup-rebuilds';

const DAY = Date.parse('2025-03-10T00:00:00Z');
const MIN = 60_000;

/** A day of PV power every 5 minutes and SoC every 15 minutes, as CSV lines and as samples. */
function day(start: number) {
  const samples: Array<{ metricKey: string; ts: number; value: number }> = [];
  for (let t = start; t < start + 24 * 60 * MIN; t += 5 * MIN) {
    samples.push({ metricKey: 'ActPwrPve', ts: t, value: Math.round(3000 * Math.max(0, Math.sin(((t - start) / 86_400_000) * Math.PI))) });
    if ((t - start) % (15 * MIN) === 0) samples.push({ metricKey: 'BatSoc', ts: t, value: 40 + (((t - start) / MIN) % 50) });
  }
  const csv = ['time,key,value', ...samples.map((s) => `${new Date(s.ts).toISOString()},${s.metricKey},${s.value}`)].join('\n');
  return { samples, csv };
}

describe.each(databaseTargets())('history import on $name', (target) => {
  const run = randomUUID().slice(0, 8);
  let db: Kysely<Database>;
  let app: FastifyInstance;
  let owner: string;
  let admin: string;
  let plantId: string;
  let rebuilder: RollupRebuilder;
  /** Imports a piece and rebuilds its days, as the server's rebuilder does after the answer. */
  const importRebuilt = async (csv: string) => {
    const response = await apiPost(app, 'integration/history/import', { plantId, csv }, admin);
    await rebuilder.runOnce();
    return response;
  };
  const thing = `hist-${run}`;
  const twin = `hist-twin-${run}`;

  // Sums compared to a millionth: a month summed from its days may differ in the last binary digit.
  const rounded = (rows: Array<Record<string, unknown>>) =>
    rows.map((r) => Object.fromEntries(Object.entries(r).map(([k, v]) => [k, typeof v === 'number' ? Math.round(v * 1e6) / 1e6 : v])));
  const rollupsOf = async (thingName: string) =>
    rounded(
      await db
        .selectFrom('metric_rollups')
        .select(['granularity', 'metric_key', 'bucket', 'sample_count', 'value_sum', 'value_min', 'value_max', 'last_value', 'energy_wh'])
        .where('thing_name', '=', thingName)
        .orderBy('granularity')
        .orderBy('metric_key')
        .orderBy('bucket')
        .execute(),
    );
  const sampleCount = async () =>
    Number(
      (
        await db
          .selectFrom('metric_samples')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where('thing_name', '=', thing)
          .executeTakeFirstOrThrow()
      ).n,
    );

  beforeAll(async () => {
    db = await target.create();
    const tenant = await insertTenant(db);
    await insertPlant(db, tenant, thing);
    await insertPlant(db, tenant, twin);
    plantId = (await db.selectFrom('plants').select('id').where('thing_name', '=', thing).executeTakeFirstOrThrow()).id;
    owner = await tokenFor(db, await addUser(db, tenant, { role: 'owner', modules: MODULE_KEYS }));
    admin = await tokenFor(db, await addUser(db, tenant, { role: 'admin', modules: MODULE_KEYS }));
    app = await buildApp({ db, config: testConfig(), spot: { ...loadSpotConfig({}), demo: false } });
    rebuilder = startRollupRebuilder({ db, pollMs: 60_000, log: { error: jest.fn() } }, false);
  });

  afterAll(async () => {
    await rebuilder.stop();
    await app.close();
    await target.destroy();
  });

  it('imports a day with roll-ups equal to live reporting of the same samples, and a re-import adds nothing', async () => {
    const { samples, csv } = day(DAY);
    const first = await importRebuilt(csv);
    expect(first.statusCode).toBe(200);
    expect(first.json<HistoryImportResult>()).toMatchObject({
      received: samples.length,
      inserted: samples.length,
      keys: ['ActPwrPve', 'BatSoc'],
    });
    await new SeriesWriter().writeSamples(db, twin, samples);
    const imported = await rollupsOf(thing);
    expect(imported.length).toBeGreaterThan(48);
    expect(imported).toEqual(await rollupsOf(twin));

    const again = await importRebuilt(csv);
    expect(again.json<HistoryImportResult>()).toMatchObject({ received: samples.length, inserted: 0 });
    expect(await rollupsOf(thing)).toEqual(imported);
  });

  it('rebuilds the roll-ups of the days a later piece touches, whatever was there', async () => {
    const { samples, csv } = day(DAY + 86_400_000);
    const [head, ...rest] = csv.split('\n');
    const half = Math.floor(rest.length / 2);
    // Second half first, then the first half: the day's buckets must come out as if written in order.
    for (const piece of [rest.slice(half), rest.slice(0, half)]) {
      expect((await importRebuilt([head, ...piece].join('\n'))).statusCode).toBe(200);
    }
    await new SeriesWriter().writeSamples(db, twin, samples);
    expect(await rollupsOf(thing)).toEqual(await rollupsOf(twin));
  });

  it('writes nothing from a file with a bad line, and names the line', async () => {
    const before = await sampleCount();
    const csv = 'time,key,value\n2025-04-01T10:00:00Z,BatSoc,50\n2025-04-01 10:05,BatSoc,51\n2025-04-01T10:10:00Z,BatSoc,x';
    const response = await apiPost(app, 'integration/history/import', { plantId, csv }, admin);
    expect(response.statusCode).toBe(400);
    expect(response.json<ErrorBody<{ errors: Array<{ line: number }> }>>().error.details?.errors.map((e) => e.line)).toEqual([3, 4]);
    const wrongColumns = await apiPost(app, 'integration/history/import', { plantId, csv: 'a,b\n1,2' }, admin);
    expect(wrongColumns.statusCode).toBe(400);
    expect(await sampleCount()).toBe(before);
  });

  it('refuses times before 2000 or after tomorrow, naming their lines, and writes nothing', async () => {
    const before = await sampleCount();
    // The review's 163 bytes: years 0001 and 9999 made the rebuild walk every month between them.
    const csv = 'time,key,value\n0001-01-01T00:00:00Z,BatSoc,50\n9999-12-31T23:00:00Z,BatSoc,51\n2025-04-02T10:00:00Z,BatSoc,52';
    const response = await apiPost(app, 'integration/history/import', { plantId, csv }, admin);
    expect(response.statusCode).toBe(400);
    const errors =
      response.json<ErrorBody<{ errors: Array<{ line: number; problem?: { code: string; earliest: string } }> }>>().error.details?.errors;
    expect(errors?.map((e) => [e.line, e.problem?.code, e.problem?.earliest])).toEqual([
      [2, 'outOfRange', '2000-01-01T00:00:00.000Z'],
      [3, 'outOfRange', '2000-01-01T00:00:00.000Z'],
    ]);
    expect(await sampleCount()).toBe(before);
  });

  it('rebuilds after the answer, and only the days imported: two days 20 years apart cost two days and two months', async () => {
    const csv = 'time,key,value\n2003-01-15T10:00:00Z,ActPwrPve,1200\n2023-06-15T10:00:00Z,ActPwrPve,3400';
    const response = await apiPost(app, 'integration/history/import', { plantId, csv }, admin);
    expect(response.json<HistoryImportResult>()).toMatchObject({ received: 2, inserted: 2 });
    const days = async () =>
      (
        await db
          .selectFrom('metric_rollups')
          .select('bucket')
          .where('thing_name', '=', thing)
          .where('granularity', '=', 'day')
          .where('bucket', '<', Date.parse('2024-01-01T00:00:00Z'))
          .execute()
      ).length;
    // Answered with the days queued, none rebuilt on the request's path.
    expect(await db.selectFrom('rollup_rebuilds').select('day_bucket').where('thing_name', '=', thing).execute()).toHaveLength(2);
    expect(await days()).toBe(0);
    expect(await rebuilder.runOnce()).toEqual({ days: 2, months: 2 });
    expect(await days()).toBe(2);
    expect(await db.selectFrom('rollup_rebuilds').selectAll().execute()).toEqual([]);
    expect(await rebuilder.runOnce()).toEqual({ days: 0, months: 0 });
  });

  it('answers a 50 MB body with 413 and writes nothing', async () => {
    const before = await sampleCount();
    const line = '2025-05-01T10:00:00Z,BatSoc,50\n';
    const csv = `time,key,value\n${line.repeat(Math.ceil((50 * 1024 * 1024) / line.length))}`;
    const response = await app.inject({
      method: 'POST',
      url: '/api/integration/history/import',
      payload: JSON.stringify({ plantId, csv }),
      headers: { authorization: `Bearer ${admin}`, 'content-type': 'application/json' },
    });
    expect(response.statusCode).toBe(413);
    expect(response.json<ErrorBody>().error.code).toBe('PayloadTooLarge');
    expect(await sampleCount()).toBe(before);
  });

  it('makes no change whose audit entry cannot be written', async () => {
    const tenant = (await db.selectFrom('plants').select('tenant_id').where('id', '=', plantId).executeTakeFirstOrThrow()).tenant_id;
    const samplesBefore = await sampleCount();
    await whileAuditRefused(db, tenant, async () => {
      const response = await apiPost(app, 'integration/history/import', { plantId, csv: day(DAY + 5 * 86_400_000).csv }, owner);
      expect(response.statusCode).toBe(500);
    });
    expect(await sampleCount()).toBe(samplesBefore);
  });
});
