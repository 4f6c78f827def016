// Pure shaping of the EV answers for the charts, the tables and CSV.
import type { EvPlan, EvSession, EvMonthTotal, ChargerView } from '@helio/contracts';
import { csvFileNameOfDays, csvNumber, plantTimestamp, toCsv } from '@helio/shared-utils';

/** Columns of the plan chart: time (s), price (CZK/kWh), forecast surplus (kW), planned power (kW). */
export type PlanColumns = [number[], (number | null)[], number[], number[]];

export function planColumns(plan: EvPlan): PlanColumns {
  const columns: PlanColumns = [[], [], [], []];
  for (const step of plan.steps) {
    columns[0].push(Date.parse(step.start) / 1000);
    columns[1].push(step.priceCzkKwh);
    columns[2].push(step.surplusW / 1000);
    columns[3].push(step.plannedW / 1000);
  }
  return columns;
}

/** Month totals as chart columns: month index, energy (kWh), of it solar (kWh). */
export function monthColumns(months: readonly EvMonthTotal[]): [number[], number[], number[]] {
  return [months.map((_m, i) => i), months.map((m) => m.energyKwh), months.map((m) => m.solarKwh)];
}

/**
 * The month chart's ranges: half a month of room either side and the energy from zero, so one month
 * is a point in the middle of a real axis rather than a dot on its edge.
 */
export function monthChartRanges(monthCount: number, highestKwh: number): { x: [number, number]; y: [number, number] } {
  return { x: [-0.5, Math.max(0, monthCount - 1) + 0.5], y: [0, highestKwh > 0 ? highestKwh * 1.1 : 1] };
}

export interface SessionFilter {
  /** Only sessions with at least this solar share, %. */
  minSolarPct: number;
  /** Only finished sessions. */
  finishedOnly: boolean;
}

export const filterSessions = (sessions: readonly EvSession[], filter: SessionFilter): EvSession[] =>
  sessions.filter((s) => s.solarSharePct >= filter.minSolarPct && (!filter.finishedOnly || s.end !== null));

/** The sessions as CSV: times in the plant's wall clock with the offset, values to their unit's precision. */
export function sessionsCsv(sessions: readonly EvSession[], timeZone: string): string {
  const time = (iso: string | null) => (iso === null ? '' : plantTimestamp(Date.parse(iso), timeZone));
  return toCsv(
    ['start', 'end', 'energy_kwh', 'solar_kwh', 'solar_share_pct', 'cost_czk', 'avg_price_czk_kwh', 'price_source'],
    sessions.map((s) => [
      time(s.start),
      time(s.end),
      csvNumber(s.energyKwh, 'kWh'),
      csvNumber(s.solarKwh, 'kWh'),
      csvNumber(s.solarSharePct, '%'),
      csvNumber(s.costCzk, 'CZK'),
      csvNumber(s.avgPriceCzkKwh, 'CZK/kWh'),
      s.priceSource ?? '',
    ]),
  );
}

/** Every charger's state now and its energy of its plant's today, its last report in the plant's clock. */
export function fleetCsv(chargers: readonly ChargerView[]): string {
  return toCsv(
    ['plant', 'charger', 'connected', 'power_w', 'mode', 'today_kwh', 'reported_at'],
    chargers.map((c) => [
      c.plantName,
      c.name,
      c.connected === null ? '' : String(c.connected),
      csvNumber(c.powerW, 'W'),
      c.mode ?? '',
      csvNumber(c.todayKwh, 'kWh'),
      c.reportedAt === null ? null : plantTimestamp(Date.parse(c.reportedAt), c.timezone),
    ]),
  );
}

/**
 * `ev-chargers_<day>.csv`, or `ev-chargers_<first>_<last>.csv`: the days the figures are of. Each
 * charger's "today" is its own plant's calendar day, so a fleet across time zones (Prague and Lisbon
 * just after midnight) spans two; no charger names the day on Prague's calendar (the console's default).
 */
export function fleetFileName(chargers: readonly ChargerView[], now: number): string {
  const zones = chargers.length === 0 ? ['Europe/Prague'] : [...new Set(chargers.map((c) => c.timezone))];
  // plant-local YYYY-MM-DD sort as text
  const days = zones.map((timeZone) => plantTimestamp(now, timeZone).slice(0, 10)).sort();
  return csvFileNameOfDays('ev-chargers', days[0] as string, days[days.length - 1] as string);
}

/** The plan slots as the charger's desired EvPlanSlots: [[startMs, endMs], …]. */
export const planSlotsValue = (plan: EvPlan): [number, number][] => plan.slots.map((s) => [Date.parse(s.start), Date.parse(s.end)]);
