// History import through the real app (SQLite and PostgreSQL): samples land with roll-ups equal to
// those of live reporting, re-import adds nothing, bad files and oversized bodies write nothing.
import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { HistoryImportResult, ErrorBody } from '@helio/contracts';
import type { Database } from '../db/schema';
import { insertPlant, insertTenant } from '../devices/test-fixtures';
import { buildApp } from '../http/app';
import { MODULE_KEYS } from '../iam/modules';
import { addUser, tokenFor } from '../iam/test-fixtures';
import { SeriesWriter } from '../series/series-writer';
import { loadSpotConfig } from '../spot/spot-config';
import { databaseTargets } from '../testing/databases';
import { whileAuditRefused } from '../testing/refused-audit';
import { apiPost, testConfig } from '../testing/test-app';

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
  });

  afterAll(async () => {
    await app.close();
    await target.destroy();
  });

  it('imports a day with roll-ups equal to live reporting of the same samples, and a re-import adds nothing', async () => {
    const { samples, csv } = day(DAY);
    const first = await apiPost(app, 'integration/history/import', { plantId, csv }, admin);
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

    const again = await apiPost(app, 'integration/history/import', { plantId, csv }, admin);
    expect(again.json<HistoryImportResult>()).toMatchObject({ received: samples.length, inserted: 0 });
    expect(await rollupsOf(thing)).toEqual(imported);
  });

  it('rebuilds the roll-ups of the days a later piece touches, whatever was there', async () => {
    const { samples, csv } = day(DAY + 86_400_000);
    const [head, ...rest] = csv.split('\n');
    const half = Math.floor(rest.length / 2);
    // Second half first, then the first half: the day's buckets must come out as if written in order.
    for (const piece of [rest.slice(half), rest.slice(0, half)]) {
      expect((await apiPost(app, 'integration/history/import', { plantId, csv: [head, ...piece].join('\n') }, admin)).statusCode).toBe(200);
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
