// ev/charger/sessions: an OCPP charger's transactions as sessions, newest first. The energy is the
// meter register's (stop, or the newest while it runs, minus start), as the charger measured it. Its
// solar part and cost come from the charger's own power samples beside the plant's grid, the way
// ev/sessions judges a plant's sessions (derive-sessions.ts): a grid import is counted against the
// car first, only grid energy costs, at the plant's tariff or else the spot price of its time.
import { CHARGER_KEYS, CHARGER_SESSIONS_MAX, type ChargerSessionView, type EvEndpoints } from '@helio/contracts';
import type { Kysely } from 'kysely';
import type { RequestCaller } from '../audit/request-audit';
import type { Database } from '../db/schema';
import { spotPeriods, tariffCzkKwh } from '../ev/prices';
import { MAX_SAMPLE_GAP_MS, type PricePeriod, type Sample } from '../ev/derive-sessions';
import { readStoredSamples } from '../series/stored-samples';
import type { SpotConfig } from '../spot/spot-config';
import { visibleCharger } from './charger-store';
import { ocppDb } from './tables';

/** The last sample at or before `ts` (samples in time order). */
function lastAt(samples: readonly Sample[], ts: number): Sample | undefined {
  let lo = 0;
  let hi = samples.length - 1;
  let found: Sample | undefined;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    if (samples[mid]!.ts <= ts) {
      found = samples[mid];
      lo = mid + 1;
    } else hi = mid - 1;
  }
  return found;
}

const priceAt = (periods: readonly PricePeriod[], ts: number): number | null =>
  periods.find((p) => p.start <= ts && ts < p.end)?.czkKwh ?? null;

const round = (value: number, digits: number) => Math.round(value * 10 ** digits) / 10 ** digits;

export interface SessionFigures {
  solarKwh: number;
  costCzk: number | null;
  priceSource: 'tariff' | 'spot' | null;
}

/**
 * The solar part and cost of `energyKwh` charged over [start, end): each stretch between two power
 * samples is split into grid (the plant's import, up to the charging power) and solar, priced at the
 * stretch's start; the register's energy is shared in those proportions. Without power samples all of
 * it counts as grid (never flattering).
 */
export function sessionFigures(
  window: { start: number; end: number; energyKwh: number },
  power: readonly Sample[],
  grid: readonly Sample[],
  pricing: { tariffCzkKwh: number | null; spot: readonly PricePeriod[] },
): SessionFigures {
  let evKwh = 0;
  let gridKwh = 0;
  let costCzk = 0;
  let priced = true;
  const inside = power.filter((s) => s.ts > window.start && s.ts <= window.end);
  let previous = lastAt(power, window.start)?.ts ?? window.start;
  for (const { ts, value: watts } of inside) {
    const from = Math.max(previous, window.start);
    previous = ts;
    if (ts - from > MAX_SAMPLE_GAP_MS || watts <= 0) continue;
    const hours = (ts - from) / 3_600_000;
    const g = lastAt(grid, ts);
    const importW = g && ts - g.ts <= MAX_SAMPLE_GAP_MS ? Math.max(0, g.value) : 0;
    const stretchGridKwh = (Math.min(watts, importW) * hours) / 1000;
    evKwh += (watts * hours) / 1000;
    gridKwh += stretchGridKwh;
    const price = pricing.tariffCzkKwh ?? priceAt(pricing.spot, from);
    if (price === null) {
      if (stretchGridKwh > 0) priced = false;
    } else costCzk += stretchGridKwh * price;
  }
  const source = pricing.tariffCzkKwh !== null ? 'tariff' : 'spot';
  if (evKwh <= 0) {
    const price = pricing.tariffCzkKwh ?? priceAt(pricing.spot, window.start);
    return {
      solarKwh: 0,
      costCzk: price === null ? null : round(window.energyKwh * price, 2),
      priceSource: price === null ? null : source,
    };
  }
  const gridShare = Math.min(1, gridKwh / evKwh);
  return {
    solarKwh: round(window.energyKwh * (1 - gridShare), 3),
    costCzk: priced ? round(costCzk * (window.energyKwh / evKwh), 2) : null,
    priceSource: priced ? source : null,
  };
}

export async function chargerSessions(
  db: Kysely<Database>,
  spot: SpotConfig,
  caller: RequestCaller,
  { chargerId }: EvEndpoints['ev/charger/sessions']['request'],
  now = Date.now(),
): Promise<EvEndpoints['ev/charger/sessions']['response']> {
  const { charger, plant } = await visibleCharger(db, caller, chargerId, 'viewer');
  const o = ocppDb(db);
  const rows = await o
    .selectFrom('charging_transactions')
    .selectAll()
    .where('charger_id', '=', charger.id)
    .orderBy('id', 'desc')
    .limit(CHARGER_SESSIONS_MAX)
    .execute();
  if (rows.length === 0) return { sessions: [] };
  const names = new Map(
    (await o.selectFrom('charger_id_tags').select(['id_tag', 'label']).where('plant_id', '=', plant.id).execute()).map((t) => [
      t.id_tag.toLowerCase(),
      t.label,
    ]),
  );
  const vehicles = new Map(
    (await o.selectFrom('ev_vehicles').select(['id', 'name']).where('plant_id', '=', plant.id).execute()).map((v) => [v.id, v.name]),
  );
  const from = Math.min(...rows.map((r) => Date.parse(r.started_at))) - MAX_SAMPLE_GAP_MS;
  const to = Math.max(...rows.map((r) => (r.stopped_at === null ? now : Date.parse(r.stopped_at)))) + 1;
  const power = (await readStoredSamples(db, charger.thing_name, [CHARGER_KEYS.power], from, to)).get(CHARGER_KEYS.power) ?? [];
  const grid = (await readStoredSamples(db, plant.thing_name, ['ActPwrGrid'], from, to)).get('ActPwrGrid') ?? [];
  const tariff = tariffCzkKwh(plant, spot);
  const pricing = { tariffCzkKwh: tariff, spot: tariff === null ? await spotPeriods(db, spot, plant.tenant_id, from, to, true) : [] };
  return {
    sessions: rows.map((row): ChargerSessionView => {
      const start = Date.parse(row.started_at);
      const end = row.stopped_at === null ? now : Date.parse(row.stopped_at);
      const lastWh = Number(row.meter_stop_wh ?? row.last_meter_wh ?? row.meter_start_wh);
      const energyKwh = round(Math.max(0, lastWh - Number(row.meter_start_wh)) / 1000, 3);
      return {
        transactionId: Number(row.id),
        idTag: row.id_tag,
        idTagName: names.get(row.id_tag.toLowerCase()) ?? null,
        vehicleName: row.vehicle_id === null ? null : (vehicles.get(row.vehicle_id) ?? null),
        start: row.started_at,
        end: row.stopped_at,
        energyKwh,
        ...sessionFigures({ start, end, energyKwh }, power, grid, pricing),
        stopReason: row.stop_reason,
      };
    }),
  };
}
