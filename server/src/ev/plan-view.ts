// ev/plan: the charge plan of one charger until a departure, from the plant's latest forecast and the
// spot prices (the plant's tariff where no spot price is known).
import type { Kysely } from 'kysely';
import { CHARGER_KEYS, EV_PHASE_VOLTAGE, EV_PLAN_MAX_HOURS, EV_PLAN_STEP_MINUTES, type EvEndpoints, type EvPlan } from '@helio/contracts';
import type { Database } from '../db/schema';
import type { JsonObject } from '../iot/shadows/json';
import { latestForecast } from '../forecast/latest';
import { evPlanInvalid } from '../http/errors';
import type { PlantRow } from '../plants/access';
import type { SpotConfig } from '../spot/spot-config';
import { planCharge, planSlots, type PlanStepInput } from './plan';
import { spotPeriods, tariffCzkKwh } from './prices';

const STEP_MS = EV_PLAN_STEP_MINUTES * 60_000;
const iso = (ts: number) => new Date(ts).toISOString();

type PlanRequest = Pick<EvEndpoints['ev/plan']['request'], 'targetKwh' | 'targetSocPct' | 'departure'>;

/** The vehicle assigned to the charger: its battery, its charge limit and the SoC entered by hand. */
export interface PlanVehicle {
  capacityKwh: number;
  chargeLimitPct: number;
  manualSocPct: number | null;
}

/**
 * kWh the car needs: the target energy, or the way from its SoC to the target SoC. With a vehicle
 * assigned, its battery counts (the charger's SoC while a car sends one, else the vehicle's entered
 * one) and a target above its charge limit is refused; without one, the car's own report.
 */
export function neededKwh(request: Pick<PlanRequest, 'targetKwh' | 'targetSocPct'>, reported: JsonObject, vehicle?: PlanVehicle): number {
  if ((request.targetKwh === undefined) === (request.targetSocPct === undefined)) {
    throw evPlanInvalid('Give either targetKwh or targetSocPct', 'targetKwh', 'oneTarget');
  }
  if (request.targetKwh !== undefined) return request.targetKwh;
  const connected = reported[CHARGER_KEYS.connected] === true;
  const reportedSoc = connected && typeof reported[CHARGER_KEYS.carSoc] === 'number' ? (reported[CHARGER_KEYS.carSoc] as number) : null;
  if (vehicle) {
    if (request.targetSocPct! > vehicle.chargeLimitPct)
      throw evPlanInvalid(
        `targetSocPct is above the vehicle's charge limit of ${vehicle.chargeLimitPct} %`,
        'targetSocPct',
        'aboveChargeLimit',
        undefined,
        vehicle.chargeLimitPct,
      );
    const soc = reportedSoc ?? vehicle.manualSocPct;
    if (soc === null)
      throw evPlanInvalid('targetSocPct needs the car’s SoC: from the charger, or entered on the vehicle', 'targetSocPct', 'socUnknown');
    return Math.max(0, ((request.targetSocPct! - soc) / 100) * vehicle.capacityKwh);
  }
  const soc = reportedSoc;
  const capacity = reported[CHARGER_KEYS.carCapacity];
  if (soc === null || typeof capacity !== 'number') {
    throw evPlanInvalid(
      'targetSocPct needs a plugged-in car that reports its state of charge; give targetKwh instead',
      'targetSocPct',
      'socUnknown',
    );
  }
  return Math.max(0, ((request.targetSocPct! - soc) / 100) * capacity);
}

/** What the charger it plans for adds: its vehicle, and its "charge only below" price (CZK/kWh). */
export interface PlanCharger {
  vehicle?: PlanVehicle;
  priceLimitCzkKwh?: number | null;
}

/** Full power of the charger: its rating, within its maximum current on three phases. */
export function chargerWatts(ratedKw: number | null, reported: JsonObject): number {
  const maxA = typeof reported[CHARGER_KEYS.maxCurrent] === 'number' ? (reported[CHARGER_KEYS.maxCurrent] as number) : 32;
  const byCurrent = maxA * 3 * EV_PHASE_VOLTAGE;
  return ratedKw === null ? byCurrent : Math.min(ratedKw * 1000, byCurrent);
}

/** The departure as epoch ms, refused when not within the next EV_PLAN_MAX_HOURS. */
export function departureOf(text: string, now: number): number {
  const departure = Date.parse(text);
  if (!Number.isFinite(departure)) throw evPlanInvalid('departure must be an ISO 8601 time', 'departure', 'departureNotTime');
  if (departure <= now || departure > now + EV_PLAN_MAX_HOURS * 3_600_000) {
    throw evPlanInvalid(
      `departure must be within the next ${EV_PLAN_MAX_HOURS} hours`,
      'departure',
      'departureOutOfRange',
      EV_PLAN_MAX_HOURS,
    );
  }
  return departure;
}

/**
 * The plan's steps from now to the departure: whole steps only, the first beginning at the next
 * quarter hour, the last ending by the departure; each with the plant's forecast surplus and its price
 * (the plant's tariff, else spot: ev/prices.ts).
 */
export async function planSteps(
  db: Kysely<Database>,
  spot: SpotConfig,
  plant: Pick<PlantRow, 'id' | 'tenant_id' | 'tariff_price_per_kwh' | 'tariff_currency'>,
  now: number,
  departure: number,
): Promise<{ steps: PlanStepInput[]; forecastIssuedAt: string | null }> {
  const first = Math.ceil(now / STEP_MS) * STEP_MS;
  const forecast = await latestForecast(db, plant.id);
  const surplus = new Map((forecast?.steps ?? []).map((s) => [s.start, s.surplusW]));
  const tariff = tariffCzkKwh(plant, spot);
  const periods = tariff === null ? await spotPeriods(db, spot, plant.tenant_id, first, departure, true) : [];
  const steps: PlanStepInput[] = [];
  let p = 0;
  for (let start = first; start + STEP_MS <= departure; start += STEP_MS) {
    while (p < periods.length && periods[p].end <= start) p++;
    const price = tariff ?? (periods[p] && periods[p].start <= start ? periods[p].czkKwh : null);
    steps.push({ start, surplusW: Math.round(surplus.get(start) ?? 0), priceCzkKwh: price });
  }
  return { steps, forecastIssuedAt: forecast?.issuedAt ?? null };
}

export async function planView(
  db: Kysely<Database>,
  spot: SpotConfig,
  plant: PlantRow,
  planned: { deviceId: string | null; chargerId: string | null; chargerW: number },
  reported: JsonObject,
  request: PlanRequest,
  now = Date.now(),
  charger: PlanCharger = {},
): Promise<EvPlan> {
  const departure = departureOf(request.departure, now);
  const needed = neededKwh(request, reported, charger.vehicle);
  const { chargerW } = planned;
  const { steps, forecastIssuedAt } = await planSteps(db, spot, plant, now, departure);
  const plan = planCharge({ steps, stepMs: STEP_MS, neededKwh: needed, chargerW, priceLimitCzkKwh: charger.priceLimitCzkKwh ?? null });
  return {
    deviceId: planned.deviceId,
    chargerId: planned.chargerId,
    neededKwh: Math.round(needed * 1000) / 1000,
    plannedKwh: plan.plannedKwh,
    reachable: plan.reachable,
    shortfallKwh: plan.shortfallKwh,
    expectedFinish: plan.expectedFinish === null ? null : iso(plan.expectedFinish),
    expectedCostCzk: plan.expectedCostCzk,
    solarKwh: plan.solarKwh,
    chargerW,
    slots: planSlots(steps, plan.plannedW, STEP_MS).map((s) => ({ start: iso(s.start), end: iso(s.end), energyKwh: s.energyKwh })),
    steps: steps.map((s, i) => ({ start: iso(s.start), surplusW: s.surplusW, priceCzkKwh: s.priceCzkKwh, plannedW: plan.plannedW[i] })),
    forecastIssuedAt,
  };
}
