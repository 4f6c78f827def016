// A charger's weekly plan as the charging controller runs it (evcc's repeating plans): once the next
// departure is within the plan's horizon (EV_PLAN_MAX_HOURS) and the charger's vehicle and its SoC
// are known, the energy from that SoC to the target (never above the vehicle's charge limit) is
// planned over the forecast surplus and the prices as ev/plan plans it (the charger's price limit
// too), and the charger charges at full power in those slots whatever its solar mode (not when Off).
// Outside them it charges as its mode says. Pure but for reading the steps: weeklyPlanSlots.
import { EV_PHASE_VOLTAGE, EV_PLAN_MAX_HOURS, EV_PLAN_STEP_MINUTES, nextWeeklyDeparture } from '@helio/contracts';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { planCharge, planSlots } from '../ev/plan';
import { planSteps } from '../ev/plan-view';
import type { PlantRow } from '../plants/access';
import type { SpotConfig } from '../spot/spot-config';
import { weeklyPlanOf } from './charger-store';
import type { ShadowStore } from '../iot/shadows/shadow-store';
import type { ChargerTable, EvVehicleTable } from './tables';
import { chargerSocPct, chargerVehicle } from './vehicle-store';

const STEP_MS = EV_PLAN_STEP_MINUTES * 60_000;

export interface WeeklyRun {
  /** The departure the slots are for, epoch ms. */
  departure: number;
  neededKwh: number;
  slots: Array<[number, number]>;
}

/** The energy a weekly plan asks of the vehicle now, kWh: from its SoC to the target, capped at its charge limit. */
export function weeklyNeededKwh(
  targetSocPct: number,
  vehicle: Pick<EvVehicleTable, 'capacity_kwh' | 'charge_limit_pct'>,
  socPct: number,
): number {
  const target = Math.min(targetSocPct, vehicle.charge_limit_pct);
  return Math.max(0, ((target - socPct) / 100) * vehicle.capacity_kwh);
}

/** The charger's full power, W: its maximum current (within the hardware) on the phases it is wired for. */
export function chargerFullW(charger: Pick<ChargerTable, 'max_current_a' | 'hw_max_current_a' | 'hw_phases'>): number {
  return Math.min(charger.max_current_a, charger.hw_max_current_a) * (charger.hw_phases === 1 ? 1 : 3) * EV_PHASE_VOLTAGE;
}

/**
 * The slots of the charger's weekly plan for its next departure, or null when there is nothing to run:
 * no plan, no vehicle, no SoC known, or the departure beyond the horizon.
 */
export async function weeklyPlanSlots(
  db: Kysely<Database>,
  spot: SpotConfig,
  plant: Pick<PlantRow, 'id' | 'tenant_id' | 'timezone' | 'tariff_price_per_kwh' | 'tariff_currency'>,
  charger: ChargerTable,
  vehicle: EvVehicleTable | undefined,
  chargerSocPct: number | null,
  now: number,
): Promise<WeeklyRun | null> {
  const plan = weeklyPlanOf(charger);
  if (!plan || !vehicle) return null;
  const departure = nextWeeklyDeparture(plan, now, plant.timezone);
  if (departure === null || departure - now > EV_PLAN_MAX_HOURS * 3_600_000) return null;
  const soc = chargerSocPct ?? vehicle.manual_soc_pct;
  if (soc === null) return null;
  const neededKwh = weeklyNeededKwh(plan.targetSocPct, vehicle, soc);
  const { steps } = await planSteps(db, spot, plant, now, departure);
  const result = planCharge({
    steps,
    stepMs: STEP_MS,
    neededKwh,
    chargerW: chargerFullW(charger),
    priceLimitCzkKwh: charger.price_limit_czk_kwh,
  });
  return {
    departure,
    neededKwh,
    slots: planSlots(steps, result.plannedW, STEP_MS).map((s) => [s.start, s.end] as [number, number]),
  };
}

/** weeklyPlanSlots for a charger as the controller holds it: its plant, its vehicle, the SoC its car sends. */
export async function weeklyRunOf(
  db: Kysely<Database>,
  spot: SpotConfig,
  shadows: Pick<ShadowStore, 'get'>,
  charger: ChargerTable,
  now: number,
): Promise<WeeklyRun | null> {
  if (charger.weekly_plan === null || charger.vehicle_id === null) return null;
  const plant = await db
    .selectFrom('plants')
    .select(['id', 'tenant_id', 'thing_name', 'timezone', 'tariff_price_per_kwh', 'tariff_currency'])
    .where('id', '=', charger.plant_id)
    .executeTakeFirst();
  if (!plant) return null;
  const vehicle = await chargerVehicle(db, charger);
  const soc = await chargerSocPct(shadows, charger, plant.thing_name);
  return weeklyPlanSlots(db, spot, plant, charger, vehicle, soc, now);
}
