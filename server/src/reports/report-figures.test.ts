// The monthly report's PDF says what the console says: a demo plant's June 2025 rendered through
// reports/monthly, read back with pdf-parse, and its figures compared with analytics/benchmark and
// analytics/overview for the same plant and month (and with the written month, for what only the
// report shows: the spot values, last June, the forecast, the best and worst days).
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database, Locale } from '../db/schema';
import { seedDemoData } from '../demo/seed';
import { userWithToken } from '../iot/test-fixtures';
import { databaseTargets } from '../testing/databases';
import { pdfText, plainSpaces } from '../testing/pdf-text';
import { apiPost, createTestApp, testConfig } from '../testing/test-app';
import { REPORT_TEXTS, reportFormat } from './report-texts';
import { juneDay, juneDayPrice, writeDemoJune } from './test-month';

const june = { kind: 'month', from: '2025-06-01' } as const;

const plain = plainSpaces;

describe.each(databaseTargets())('the monthly report of a demo plant on $name', (target) => {
  let db: Kysely<Database>;
  let app: FastifyInstance;
  let plant: { id: string; tenant_id: string; thing_name: string; name: string };
  let admin: { id: string; idToken: string };
  let tagId: string;

  beforeAll(async () => {
    db = await target.create();
    await seedDemoData(db);
    plant = await db
      .selectFrom('plants')
      .select(['id', 'tenant_id', 'thing_name', 'name'])
      .where('thing_name', '=', 'demo-brno-01')
      .executeTakeFirstOrThrow();
    const config = testConfig();
    await writeDemoJune(db, plant, config.analytics.spotArea);
    admin = await userWithToken(db, plant.tenant_id, 'admin', undefined, ['monitoring', 'analytics']);
    // A tag of this plant alone: analytics/overview answers the plant's own percentages through it.
    tagId = `report-tag-${plant.id.slice(0, 8)}`;
    await db
      .insertInto('tags')
      .values({
        id: tagId,
        tenant_id: plant.tenant_id,
        name: 'Jen Brno',
        name_key: 'jen brno',
        colour: 'blue',
        created_at: new Date().toISOString(),
      })
      .execute();
    await db.insertInto('plant_tags').values({ plant_id: plant.id, tag_id: tagId }).execute();
    app = await createTestApp(db);
  });

  afterAll(async () => {
    await app.close();
    await target.destroy();
  });

  const report = async (language: Locale, body: object) => {
    await db.updateTable('users').set({ locale: language }).where('id', '=', admin.id).execute();
    const response = await apiPost(app, 'reports/monthly', body, admin.idToken);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    return { pdf: response.rawPayload, text: await pdfText(response.rawPayload) };
  };

  it.each(['cs', 'en'] as const)('prints in %s the figures analytics computes for the plant and month', async (language) => {
    const t = REPORT_TEXTS[language];
    const f = reportFormat(language);
    const { text } = await report(language, { month: '2025-06', plantId: plant.id });
    const line = (label: string, value: string) => expect(text).toContain(plain(`${label} ${value}`));

    const benchmark = await apiPost(app, 'analytics/benchmark', { period: june, metric: 'specificYield' }, admin.idToken);
    const figures = benchmark.json<{ plants: Array<Record<string, number> & { id: string }> }>().plants.find((p) => p.id === plant.id);
    if (!figures) throw new Error('the plant is not in the benchmark');
    const overview = (await apiPost(app, 'analytics/overview', { period: june, tagIds: [tagId] }, admin.idToken)).json<{
      totals: Record<string, number>;
      alerts: Array<{ kind: string; count: number; hours: number }>;
    }>();

    expect(text).toContain(plain(plant.name)); // "Brno – Rodinný dům": the diacritics survive the font
    line(t.produced, f.kwh(figures.produced as number));
    line(t.consumed, f.kwh(figures.consumed as number));
    line(t.selfConsumed, f.kwh(figures.selfConsumed as number));
    line(t.exported, f.kwh(figures.exported as number));
    line(t.imported, f.kwh(figures.imported as number));
    line(t.expected, f.kwh(figures.expectedKwh as number));
    line(t.performanceRatio, f.pct(figures.performanceRatioPct as number));
    line(t.selfConsumption, f.pct(overview.totals.selfConsumptionPct as number));
    line(t.autarky, f.pct(overview.totals.autarkyPct as number));
    expect(overview.alerts).toEqual([{ kind: 'gatewayOffline', count: 1, hours: 2 }]);
    expect(text).toContain(plain(t.alertCount(1, f.hours(2))));

    // What analytics has no endpoint for, against the month as written.
    const days = Array.from({ length: 30 }, (_, i) => juneDay(i));
    const sum = (pick: (d: ReturnType<typeof juneDay>) => number) => days.reduce((s, d) => s + pick(d), 0);
    expect(figures.produced).toBeCloseTo(
      sum((d) => d.produced),
      6,
    );
    const eurCzk = testConfig().analytics.eurCzk;
    const valued = (pick: (d: ReturnType<typeof juneDay>) => number) =>
      days.reduce((s, d, i) => s + (pick(d) * juneDayPrice(i) * eurCzk) / 1000, 0);
    line(t.exportValue, f.money(valued((d) => d.exported)));
    line(t.importCost, f.money(valued((d) => d.imported)));
    line(
      t.produced,
      `${f.kwh(sum((d) => d.produced))} ${f.kwh(30 * 25)} (${t.change} ${f.change(
        sum((d) => d.produced),
        30 * 25,
      )})`,
    );
    const best = days.reduce((b, d, i) => (d.produced > (days[b] as typeof d).produced ? i : b), 0);
    const worst = days.reduce((w, d, i) => (d.produced < (days[w] as typeof d).produced ? i : w), 0);
    line(t.best, `${f.kwh(days[best]?.produced ?? 0)} ${f.day(`2025-06-${String(best + 1).padStart(2, '0')}`)}`);
    line(t.worst, `${f.kwh(days[worst]?.produced ?? 0)} ${f.day(`2025-06-${String(worst + 1).padStart(2, '0')}`)}`);
    line(t.forecastKwh, `${f.kwh(24)} ${t.forecastDays(1)}`);
    line(t.actualOnForecastDays, f.kwh(days[10]?.produced ?? 0));
  });

  it('reports a tag’s plants under the tag’s name, and refuses another organisation’s plant and a month to come', async () => {
    const { text } = await report('en', { month: '2025-06', tagId });
    expect(text).toContain('Tag: Jen Brno');
    const other = await db.selectFrom('plants').select('id').where('tenant_id', '!=', plant.tenant_id).executeTakeFirstOrThrow();
    expect((await apiPost(app, 'reports/monthly', { month: '2025-06', plantId: other.id }, admin.idToken)).statusCode).toBe(404);
    expect((await apiPost(app, 'reports/monthly', { month: '2999-01' }, admin.idToken)).statusCode).toBe(400);
    const noAnalytics = await userWithToken(db, plant.tenant_id, 'admin');
    expect((await apiPost(app, 'reports/monthly', { month: '2025-06' }, noAnalytics.idToken)).statusCode).toBe(403);
  });
});
