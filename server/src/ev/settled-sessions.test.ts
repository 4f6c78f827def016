// Settled sessions on SQLite and PostgreSQL: what ev/sessions answers is the same whether a session
// was derived on this call or kept from an earlier one; kept sessions outlive the raw samples; a
// session still within the window a late report can reach is derived again, not kept.
import type { Kysely } from 'kysely';
import { randomUUID } from 'node:crypto';
import type { Database } from '../db/schema';
import { insertPlant, insertTenant } from '../iot/test-fixtures';
import { SeriesWriter } from '../series/series-writer';
import { databaseTargets } from '../testing/databases';
import { importHistoryCsv } from '../integrations/history-import';
import { sessionList } from './sessions';
import { evDb } from './tables';

const MIN = 60_000;
const DAY = 86_400_000;
const spot = { area: 'CZ', timeZone: 'Europe/Prague', demo: false, eurCzk: 25 };

/** One hour of charging at 6 kW from `start`, 5-minute samples, on a plugged car. */
function charging(start: number) {
  const samples: { metricKey: string; ts: number; value: number }[] = [];
  for (let i = 0; i <= 14; i++) {
    const ts = start + i * 5 * MIN;
    const on = i > 0 && i <= 12;
    samples.push(
      { metricKey: 'ActPwrEv', ts, value: on ? 6000 : 0 },
      { metricKey: 'ActPwrGrid', ts, value: on ? 3000 : 0 },
      { metricKey: 'EvConnected', ts, value: i <= 12 ? 1 : 0 },
    );
  }
  return samples;
}

describe.each(databaseTargets())('settled EV sessions on $name', (target) => {
  let db: Kysely<Database>;
  const thing = `ev-settle-${randomUUID().slice(0, 8)}`;
  const now = Date.UTC(2026, 5, 30, 12);
  /** Sessions 30, 20 and 10 days back (settled) and 2 days back (within the late-report window). */
  const starts = [30, 20, 10, 2].map((days) => now - days * DAY);

  beforeAll(async () => {
    db = await target.create();
    const tenant = await insertTenant(db);
    await insertPlant(db, tenant, thing);
    await db.updateTable('plants').set({ tariff_price_per_kwh: 5, tariff_currency: 'CZK' }).where('thing_name', '=', thing).execute();
    const writer = new SeriesWriter();
    for (const start of starts) await writer.writeSamples(db, thing, charging(start));
  }, 60_000);

  afterAll(async () => {
    await target.destroy();
  });

  const plantRow = () => db.selectFrom('plants').selectAll().where('thing_name', '=', thing).executeTakeFirstOrThrow();
  const list = async (from: number, to: number, at = now) => sessionList(db, spot, await plantRow(), from, to, at);

  test('keeps the sessions that ended before the late-report window and answers the same as deriving them', async () => {
    const first = await list(now - 40 * DAY, now);
    expect(first.sessions.map((s) => Date.parse(s.start)).reverse()).toEqual(starts);
    const kept = await evDb(db)
      .selectFrom('ev_sessions')
      .select('start')
      .where('plant_id', '=', (await plantRow()).id)
      .execute();
    expect(kept.map((k) => Number(k.start)).sort()).toEqual(starts.slice(0, 3));
    const second = await list(now - 40 * DAY, now);
    expect(second).toEqual(first);
    // The tariff prices the grid half: 6 kWh, 3 kWh from the grid at 5 CZK.
    expect(first.sessions[3]).toMatchObject({ energyKwh: 6, solarKwh: 3, costCzk: 15, priceSource: 'tariff' });
  });

  test('derives the recent days again, so a late report still counts', async () => {
    // A report dated within the late-report window, written after the first calls, is a session now.
    const late = now - 3 * DAY;
    await new SeriesWriter().writeSamples(db, thing, charging(late));
    const answer = await list(now - 4 * DAY, now);
    expect(answer.sessions.map((s) => Date.parse(s.start)).reverse()).toEqual([late, starts[3]]);
  });

  test('history imported into a settled range is derived again and replaces the kept session', async () => {
    const plant = await plantRow();
    const settled = starts[2];
    // The import adds a second plug-in the day of the settled session 10 days back: 15 minutes at 6 kW.
    const rows = [1, 2, 3].map((i) => {
      const at = new Date(settled + (14 + i) * 5 * MIN).toISOString();
      return [`${at},ActPwrEv,6000`, `${at},ActPwrGrid,0`, `${at},EvConnected,1`].join('\n');
    });
    await importHistoryCsv(db, plant, ['time,key,value', ...rows].join('\n'));
    const answer = await list(now - 11 * DAY, now - 9 * DAY);
    expect(answer.sessions.map((s) => [Date.parse(s.start), s.energyKwh])).toEqual([
      [settled + 15 * 5 * MIN, 1.5],
      [settled, 6],
    ]);
    // Settled again: the next call answers the same from the kept rows.
    expect(await list(now - 11 * DAY, now - 9 * DAY)).toEqual(answer);
  });

  test('answers kept sessions after the raw samples are gone', async () => {
    await db
      .deleteFrom('metric_samples')
      .where('thing_name', '=', thing)
      .where('ts', '<', now - 5 * DAY)
      .execute();
    const after = await list(now - 40 * DAY, now);
    // The four written first, the late one and the imported one.
    expect(after.sessions).toHaveLength(6);
    expect(after.months.reduce((sum, m) => sum + m.sessions, 0)).toBe(6);
  });
});
