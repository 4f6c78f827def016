// ev/sessions: a plant's charging sessions in a time range, derived from its stored samples on each
// call (so history from before sessions existed counts too), with month totals on the plant's clock.
import type { Kysely } from 'kysely';
import { CHARGER_KEYS, EV_SESSIONS_MAX, type EvMonthTotal, type EvSessionList } from '@helio/contracts';
import type { Database } from '../db/schema';
import type { PlantRow } from '../plants/access';
import type { SpotConfig } from '../spot/spot-config';
import { deriveSessions, SESSION_PAUSE_MS, type DerivedSession, type SessionHistory } from './derive-sessions';
import { fillDemoDays, spotPeriods, tariffCzkKwh } from './prices';

const GRID_POWER = 'ActPwrGrid';
const DEMO_FILL_DAYS = 62;

/** The samples sessions are derived from, by series: one query per series, each read in index order (no sort). */
export async function loadSessionHistory(db: Kysely<Database>, thingName: string, from: number, to: number): Promise<SessionHistory> {
  const series = (metricKey: string) =>
    db
      .selectFrom('metric_samples')
      .select(['ts', 'value'])
      .where('thing_name', '=', thingName)
      .where('metric_key', '=', metricKey)
      .where('ts', '>=', from)
      .where('ts', '<', to)
      .orderBy('ts')
      .execute()
      .then((rows) => rows.map((row) => ({ ts: Number(row.ts), value: Number(row.value) })));
  const [power, grid, connected, energy] = await Promise.all([
    series(CHARGER_KEYS.power),
    series(GRID_POWER),
    series(CHARGER_KEYS.connected),
    series(CHARGER_KEYS.energy),
  ]);
  return { power, grid, connected, energy };
}

const monthOf = (timeZone: string) => {
  const format = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit' });
  return (ts: number) => format.format(ts).slice(0, 7);
};

export function monthTotals(sessions: readonly DerivedSession[], timeZone: string): EvMonthTotal[] {
  const month = monthOf(timeZone);
  const totals = new Map<string, EvMonthTotal>();
  for (const s of sessions) {
    const key = month(s.start);
    const t = totals.get(key) ?? { month: key, sessions: 0, energyKwh: 0, solarKwh: 0, costCzk: 0 };
    t.sessions += 1;
    t.energyKwh += s.energyKwh;
    t.solarKwh += s.solarKwh;
    t.costCzk += s.costCzk ?? 0;
    totals.set(key, t);
  }
  const r = (v: number) => Math.round(v * 100) / 100;
  return [...totals.values()]
    .sort((a, b) => a.month.localeCompare(b.month))
    .map((t) => ({ ...t, energyKwh: r(t.energyKwh), solarKwh: r(t.solarKwh), costCzk: r(t.costCzk) }));
}

export async function sessionList(
  db: Kysely<Database>,
  spot: SpotConfig,
  plant: PlantRow,
  from: number,
  to: number,
  now = Date.now(),
): Promise<EvSessionList> {
  // Read a little before the range so a session already running at `from` is seen from its start.
  const readFrom = from - SESSION_PAUSE_MS * 4;
  const history = await loadSessionHistory(db, plant.thing_name, readFrom, to);
  const tariff = tariffCzkKwh(plant, spot);
  // Recent days without spot prices get the labelled demo curve when demo prices are on (at most
  // DEMO_FILL_DAYS back, so a year's range does not write a year of demo prices).
  if (tariff === null) await fillDemoDays(db, spot, Math.max(readFrom, now - DEMO_FILL_DAYS * 86_400_000), Math.min(to, now));
  const pricing = { tariffCzkKwh: tariff, spot: tariff === null ? await spotPeriods(db, spot, readFrom, to, false) : [] };
  const all = deriveSessions(history, pricing, now).filter((s) => s.start >= from && s.start < to);
  const newest = all.slice(-EV_SESSIONS_MAX);
  const iso = (ts: number) => new Date(ts).toISOString();
  return {
    plantId: plant.id,
    sessions: newest.reverse().map((s) => ({ ...s, start: iso(s.start), end: s.end === null ? null : iso(s.end) })),
    months: monthTotals(all, plant.timezone).slice(-14),
    truncated: all.length > newest.length,
  };
}
