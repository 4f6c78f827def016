import { planCharge, planSlots, type PlanStepInput } from './plan';

const STEP = 15 * 60_000;
const steps = (prices: (number | null)[], surplus: number[] = []): PlanStepInput[] =>
  prices.map((priceCzkKwh, i) => ({ start: i * STEP, surplusW: surplus[i] ?? 0, priceCzkKwh }));

describe('planCharge', () => {
  it('picks the cheapest steps, the forecast surplus first, and reports finish and cost', () => {
    const input = steps([5, 1, 3, 2, 4], [0, 0, 0, 0, 11_000]);
    // 11 kW for 15 min = 2.75 kWh a step; 5 kWh needs two steps (the second partly).
    const plan = planCharge({ steps: input, stepMs: STEP, neededKwh: 5, chargerW: 11_000 });
    expect(plan.reachable).toBe(true);
    expect(plan.plannedW).toEqual([0, 9000, 0, 0, 11_000]);
    expect(plan.plannedKwh).toBe(5);
    expect(plan.solarKwh).toBeCloseTo(2.75, 3);
    expect(plan.expectedCostCzk).toBeCloseTo(2.25 * 1, 2);
    expect(plan.expectedFinish).toBe(5 * STEP);
    expect(planSlots(input, plan.plannedW, STEP)).toEqual([
      { start: STEP, end: 2 * STEP, energyKwh: 2.25 },
      { start: 4 * STEP, end: 5 * STEP, energyKwh: 2.75 },
    ]);
  });

  it('says plainly when the target cannot be reached: every step planned, the shortfall named', () => {
    const plan = planCharge({ steps: steps([1, 2]), stepMs: STEP, neededKwh: 10, chargerW: 11_000 });
    expect(plan.reachable).toBe(false);
    expect(plan.plannedW).toEqual([11_000, 11_000]);
    expect(plan.shortfallKwh).toBeCloseTo(4.5, 3);
    expect(plan.plannedKwh).toBeCloseTo(5.5, 3);
  });

  it('uses unpriced steps only when priced ones are not enough, and then knows no cost', () => {
    const priced = planCharge({ steps: steps([null, 3]), stepMs: STEP, neededKwh: 2, chargerW: 11_000 });
    expect(priced.plannedW).toEqual([0, 8000]);
    expect(priced.expectedCostCzk).toBeCloseTo(6, 2);
    const unpriced = planCharge({ steps: steps([null, 3]), stepMs: STEP, neededKwh: 4, chargerW: 11_000 });
    expect(unpriced.expectedCostCzk).toBeNull();
  });

  it('plans nothing when nothing is needed', () => {
    const plan = planCharge({ steps: steps([1]), stepMs: STEP, neededKwh: 0, chargerW: 11_000 });
    expect(plan).toMatchObject({ reachable: true, plannedKwh: 0, expectedFinish: null, expectedCostCzk: 0 });
  });

  it('charges a step priced above the limit with its surplus only, and says when that falls short', () => {
    // Prices 5, 1, 6 with 4 kW of surplus in the last step; limit 3 CZK/kWh.
    const input = steps([5, 1, 6], [0, 0, 4000]);
    const plan = planCharge({ steps: input, stepMs: STEP, neededKwh: 5, chargerW: 11_000, priceLimitCzkKwh: 3 });
    // 1 kWh of surplus (free) and the cheap step's 2.75 kWh: the dear first step stays empty.
    expect(plan.plannedW).toEqual([0, 11_000, 4000]);
    expect(plan).toMatchObject({ reachable: false, shortfallKwh: 1.25, solarKwh: 1 });
    expect(plan.expectedCostCzk).toBeCloseTo(2.75, 2);
    // Without a limit the dear step fills the gap.
    expect(planCharge({ steps: input, stepMs: STEP, neededKwh: 5, chargerW: 11_000 }).reachable).toBe(true);
  });
});
