// A charge plan: which 15-minute steps before departure to charge in so the car gets what it needs at
// the lowest cost. A step's cost per kWh is its grid part × its price: the forecast surplus charges
// for free, so sunny steps come first, then the cheapest spot prices; ties go to the earlier step. A
// price limit ("charge only below") leaves a step above it its surplus only.
// Pure and small (at most 192 steps): sorting them is all it takes.
export interface PlanStepInput {
  start: number;
  /** Forecast PV − load, W. */
  surplusW: number;
  /** CZK/kWh; null: no price known (planned only when nothing priced is left). */
  priceCzkKwh: number | null;
}

export interface PlanInput {
  steps: readonly PlanStepInput[];
  stepMs: number;
  neededKwh: number;
  /** The most the charger (and its current setting) delivers, W. */
  chargerW: number;
  /** Charge only below this price: a step priced above it charges its forecast surplus only. null/absent: no limit. */
  priceLimitCzkKwh?: number | null;
}

export interface PlanResult {
  /** Planned power per input step, W. */
  plannedW: number[];
  plannedKwh: number;
  solarKwh: number;
  reachable: boolean;
  shortfallKwh: number;
  /** End of the last planned step; null: nothing planned. */
  expectedFinish: number | null;
  /** null when planned grid energy has no price. */
  expectedCostCzk: number | null;
}

const round = (value: number, digits: number) => Math.round(value * 10 ** digits) / 10 ** digits;

export function planCharge(input: PlanInput): PlanResult {
  const hours = input.stepMs / 3_600_000;
  const solarW = (s: PlanStepInput) => Math.min(input.chargerW, Math.max(0, s.surplusW));
  const limit = input.priceLimitCzkKwh ?? null;
  // Above the price limit the grid may not charge: such a step carries its surplus only.
  const capW = (s: PlanStepInput) => (limit !== null && s.priceCzkKwh !== null && s.priceCzkKwh > limit ? solarW(s) : input.chargerW);
  const costPerKwh = (s: PlanStepInput) => {
    const gridShare = input.chargerW > 0 ? 1 - solarW(s) / input.chargerW : 1;
    if (gridShare <= 0) return 0;
    return s.priceCzkKwh === null ? Number.POSITIVE_INFINITY : gridShare * s.priceCzkKwh;
  };
  const order = input.steps.map((s, i) => ({ i, cost: costPerKwh(s) })).sort((a, b) => a.cost - b.cost || a.i - b.i);

  const plannedW = input.steps.map(() => 0);
  let remaining = Math.max(0, input.neededKwh);
  let solarKwh = 0;
  let cost: number | null = 0;
  for (const { i } of order) {
    if (remaining <= 1e-9 || input.chargerW <= 0) break;
    const step = input.steps[i];
    const watts = Math.min(capW(step), (remaining * 1000) / hours);
    if (watts <= 0) continue;
    const solar = Math.min(watts, solarW(step));
    const gridKwh = ((watts - solar) * hours) / 1000;
    plannedW[i] = Math.round(watts);
    remaining -= (watts * hours) / 1000;
    solarKwh += (solar * hours) / 1000;
    if (gridKwh > 0) cost = step.priceCzkKwh === null || cost === null ? null : cost + gridKwh * step.priceCzkKwh;
  }
  const last = plannedW.reduce((found, w, i) => (w > 0 ? i : found), -1);
  const shortfall = Math.max(0, remaining);
  return {
    plannedW,
    plannedKwh: round(input.neededKwh - shortfall, 3),
    solarKwh: round(solarKwh, 3),
    reachable: shortfall <= 1e-6,
    shortfallKwh: round(shortfall, 3),
    expectedFinish: last < 0 ? null : input.steps[last].start + input.stepMs,
    expectedCostCzk: cost === null ? null : round(cost, 2),
  };
}

/** Planned steps merged into slots where they follow each other. */
export function planSlots(
  steps: readonly PlanStepInput[],
  plannedW: readonly number[],
  stepMs: number,
): { start: number; end: number; energyKwh: number }[] {
  const slots: { start: number; end: number; energyKwh: number }[] = [];
  steps.forEach((step, i) => {
    if (plannedW[i] <= 0) return;
    const kwh = (plannedW[i] * stepMs) / 3_600_000 / 1000;
    const previous = slots[slots.length - 1];
    if (previous && previous.end === step.start) {
      previous.end = step.start + stepMs;
      previous.energyKwh += kwh;
    } else slots.push({ start: step.start, end: step.start + stepMs, energyKwh: kwh });
  });
  return slots.map((s) => ({ ...s, energyKwh: round(s.energyKwh, 3) }));
}
