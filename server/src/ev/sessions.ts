// ev/sessions: a plant's charging sessions in a time range, with month totals on the plant's clock.
// Sessions are derived from the stored samples (so history from before sessions existed counts too);
// those that can no longer change are kept (settled-sessions.ts), so each call derives only the last
// days.
import type { Kysely } from 'kysely';
import { CHARGER_KEYS, EV_SESSIONS_MAX, type EvMonthTotal, type EvSessionList } from '@helio/contracts';
import type { Database } from '../db/schema';
import type { PlantRow } from '../plants/access';
import { readStoredSamples } from '../series/stored-samples';
import type { SpotConfig } from '../spot/spot-config';
import { deriveSessions, SESSION_PAUSE_MS, type DerivedSession, type SessionHistory } from './derive-sessions';
import { fillDemoDays, spotPeriods, tariffCzkKwh } from './prices';
import { keptSessions, settledUntil, settleSessions } from './settled-sessions';

const GRID_POWER = 'ActPwrGrid';
const DEMO_FILL_DAYS = 62;

/** The samples sessions are derived from, by series (packed and raw, stored-samples.ts), each in time order. */
export async function loadSessionHistory(db: Kysely<Database>, thingName: string, from: number, to: number): Promise<SessionHistory> {
  const keys = [CHARGER_KEYS.power, GRID_POWER, CHARGER_KEYS.connected, CHARGER_KEYS.energy];
  const stored = await readStoredSamples(db, thingName, keys, from, to);
  const series = (metricKey: string) => stored.get(metricKey) ?? [];
  return {
    power: series(CHARGER_KEYS.power),
    grid: series(GRID_POWER),
    connected: series(CHARGER_KEYS.connected),
    energy: series(CHARGER_KEYS.energy),
  };
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
  const mark = await settledUntil(db, plant.id, now);
  const kept = from < mark ? await keptSessions(db, plant.id, from, Math.min(to, mark)) : [];
  // Derive from the mark to now (a little before it, so a session running at the mark is seen from
  // its start): the settled ones are kept on the way, the range's are answered.
  const readFrom = mark - SESSION_PAUSE_MS * 4;
  const history = await loadSessionHistory(db, plant.thing_name, readFrom, now + 1);
  const tariff = tariffCzkKwh(plant, spot);
  // Recent days without spot prices get the labelled demo curve when demo prices are on (at most
  // DEMO_FILL_DAYS back, so a year's range does not write a year of demo prices).
  if (tariff === null) await fillDemoDays(db, spot, Math.max(readFrom, now - DEMO_FILL_DAYS * 86_400_000), now);
  const pricing = {
    tariffCzkKwh: tariff,
    spot: tariff === null ? await spotPeriods(db, spot, plant.tenant_id, readFrom, now + 1, false) : [],
  };
  const derived = deriveSessions(history, pricing, now).filter((s) => s.start >= mark);
  await settleSessions(db, plant.id, mark, derived, now);
  const all = [...kept, ...derived.filter((s) => s.start >= from && s.start < to)];
  const newest = all.slice(-EV_SESSIONS_MAX);
  const iso = (ts: number) => new Date(ts).toISOString();
  return {
    plantId: plant.id,
    sessions: newest.reverse().map((s) => ({ ...s, start: iso(s.start), end: s.end === null ? null : iso(s.end) })),
    months: monthTotals(all, plant.timezone).slice(-14),
    truncated: all.length > newest.length,
  };
}
