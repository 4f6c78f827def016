import { batteryFirst, phaseRotationPhases, plantSurplusW } from './charging-controller';
import {
  chargingProfileFor,
  currentRange,
  decideLimit,
  FRESH_STATE,
  SOLAR_TIMING,
  type ChargerHardware,
  type ChargerSettingsView,
} from './solar-profile';

const HW: ChargerHardware = { maxA: 16, phases: 3, minStatusDurationS: 0 };
const settings = (mode: ChargerSettingsView['mode'], extra: Partial<ChargerSettingsView> = {}): ChargerSettingsView => ({
  mode,
  minA: 6,
  maxA: 32,
  phases: 3,
  planSlots: [],
  ...extra,
});
const W_PER_A_3P = 690;

describe('solar modes as charging limits', () => {
  it('charges at the maximum the settings and the hardware allow in Now mode, nothing when Off', () => {
    expect(decideLimit(settings('fast'), HW, 0, FRESH_STATE, 0)).toMatchObject({ limitA: 16, phases: 3, send: true });
    expect(decideLimit(settings('fast', { maxA: 10 }), HW, 0, FRESH_STATE, 0).limitA).toBe(10);
    expect(decideLimit(settings('off'), HW, 50_000, FRESH_STATE, 0)).toMatchObject({ limitA: 0, send: true });
  });

  it('keeps the hardware’s range: no 32 A on a 16 A charger, min never above max, never under 6 A', () => {
    expect(currentRange(settings('fast', { minA: 20, maxA: 32 }), HW)).toEqual({ min: 16, max: 16 });
    expect(currentRange(settings('fast', { minA: 2, maxA: 4 }), HW)).toEqual({ min: 6, max: 6 });
  });

  it('gives the minimum plus what the surplus allows in Min+PV', () => {
    expect(decideLimit(settings('minsolar'), HW, 0, FRESH_STATE, 0).limitA).toBe(6);
    expect(decideLimit(settings('minsolar'), HW, 10 * W_PER_A_3P + 100, FRESH_STATE, 0).limitA).toBe(10);
    expect(decideLimit(settings('minsolar'), HW, 100_000, FRESH_STATE, 0).limitA).toBe(16);
  });

  it('starts PV charging only once the surplus has carried 6 A for the hold time', () => {
    const surplus = 8 * W_PER_A_3P;
    const first = decideLimit(settings('solar'), HW, surplus, FRESH_STATE, 0);
    expect(first).toMatchObject({ limitA: 0, send: true }); // the charger is told to wait
    const held = decideLimit(settings('solar'), HW, surplus, first.state, SOLAR_TIMING.startHoldMs - 1);
    expect(held).toMatchObject({ limitA: 0, send: false });
    const started = decideLimit(settings('solar'), HW, surplus, held.state, SOLAR_TIMING.startHoldMs);
    expect(started).toMatchObject({ limitA: 8, send: true });
  });

  it('never goes below 6 A while charging in PV mode: it holds 6 A, then pauses after the delay', () => {
    const charging = { sentA: 10, sentPhases: 3 as const, sentAt: 0, pendingSince: null };
    const short = decideLimit(settings('solar'), HW, 3 * W_PER_A_3P, charging, 60_000);
    expect(short).toMatchObject({ limitA: 6, send: true });
    const still = decideLimit(settings('solar'), HW, 3 * W_PER_A_3P, short.state, 60_000 + SOLAR_TIMING.stopDelayMs - 1);
    expect(still.limitA).toBe(6);
    const paused = decideLimit(settings('solar'), HW, 3 * W_PER_A_3P, still.state, 60_000 + SOLAR_TIMING.stopDelayMs);
    expect(paused).toMatchObject({ limitA: 0, send: true });
  });

  it('follows the surplus no faster than the charger’s MinimumStatusDuration', () => {
    const hw = { ...HW, minStatusDurationS: 30 };
    const charging = { sentA: 8, sentPhases: 3 as const, sentAt: 100_000, pendingSince: null };
    const soon = decideLimit(settings('solar'), hw, 12 * W_PER_A_3P, charging, 100_000 + 29_999);
    expect(soon).toMatchObject({ limitA: 12, send: false });
    expect(soon.state.sentA).toBe(8);
    const later = decideLimit(settings('solar'), hw, 12 * W_PER_A_3P, soon.state, 130_000);
    expect(later).toMatchObject({ limitA: 12, send: true });
    // The same limit again is not sent.
    expect(decideLimit(settings('solar'), hw, 12 * W_PER_A_3P + 200, later.state, 200_000).send).toBe(false);
  });

  it('switches to one phase when automatic and three cannot carry the minimum; one-phase hardware stays on one', () => {
    const oneSix = 6 * 230 + 50;
    expect(decideLimit(settings('minsolar', { phases: 0 }), HW, oneSix, FRESH_STATE, 0)).toMatchObject({ phases: 1, limitA: 6 });
    expect(decideLimit(settings('minsolar', { phases: 0 }), HW, 7 * W_PER_A_3P, FRESH_STATE, 0)).toMatchObject({ phases: 3, limitA: 7 });
    expect(decideLimit(settings('fast'), { ...HW, phases: 1 }, 0, FRESH_STATE, 0).phases).toBe(1);
  });

  it('charges at full power inside a plan slot and from the surplus outside it', () => {
    const plan = settings('plan', { planSlots: [[1000, 2000]] });
    expect(decideLimit(plan, HW, 0, FRESH_STATE, 1500).limitA).toBe(16);
    expect(decideLimit(plan, HW, 0, FRESH_STATE, 2500).limitA).toBe(0);
  });

  it('carries the limit in a TxProfile for a running transaction, else the TxDefaultProfile', () => {
    expect(chargingProfileFor(10, 3, 42)).toMatchObject({
      transactionId: 42,
      chargingProfilePurpose: 'TxProfile',
      stackLevel: 1,
      chargingSchedule: { chargingRateUnit: 'A', chargingSchedulePeriod: [{ startPeriod: 0, limit: 10, numberPhases: 3 }] },
    });
    const fallback = chargingProfileFor(6, 1);
    expect(fallback).toMatchObject({ chargingProfilePurpose: 'TxDefaultProfile', stackLevel: 0 });
    expect('transactionId' in fallback).toBe(false);
  });
});

describe('phaseRotationPhases', () => {
  it('reads a connector’s wiring from ConnectorPhaseRotation: a rotation is three phases, NotApplicable one', () => {
    expect(phaseRotationPhases('0.RST, 1.RST', 1)).toBe(3);
    expect(phaseRotationPhases('0.RST,1.NotApplicable', 1)).toBe(1);
    expect(phaseRotationPhases('1.TSR,2.NotApplicable', 2)).toBe(1);
    expect(phaseRotationPhases('0.RST,1.Unknown', 1)).toBeUndefined();
    expect(phaseRotationPhases(undefined, 1)).toBeUndefined();
    expect(phaseRotationPhases('0.RST', 1)).toBeUndefined();
  });
});

describe('home battery first below a SoC (evcc’s prioritySoc)', () => {
  // 1 kW exported while the home battery takes 4 kW; the car draws nothing yet.
  const plant = (batSoc: number | undefined) => ({
    ActPwrGrid: -1000,
    ActPwrBat: -4000,
    ...(batSoc === undefined ? {} : { BatSoc: batSoc }),
  });
  // PV after its start hold: what the car would get from this surplus.
  const pv = (surplusW: number) => {
    const first = decideLimit(settings('solar'), HW, surplusW, FRESH_STATE, 0);
    return decideLimit(settings('solar'), HW, surplusW, first.state, SOLAR_TIMING.startHoldMs).limitA;
  };
  const minPv = (surplusW: number) => decideLimit(settings('minsolar'), HW, surplusW, FRESH_STATE, 0).limitA;

  it('leaves the battery’s charging power out while its SoC is below the setting: PV stays paused, Min+PV holds the minimum', () => {
    const surplus = plantSurplusW(plant(40), 0, 50);
    expect(surplus).toBe(1000);
    expect(pv(surplus)).toBe(0);
    expect(minPv(surplus)).toBe(6);
  });

  it('counts it once the battery is at or above the setting, or when the setting is off', () => {
    for (const [soc, belowPct] of [
      [50, 50],
      [80, 50],
      [40, 0],
    ] as const) {
      const surplus = plantSurplusW(plant(soc), 0, belowPct);
      expect([soc, belowPct, surplus]).toEqual([soc, belowPct, 5000]);
      expect(pv(surplus)).toBe(7);
      expect(minPv(surplus)).toBe(7);
    }
  });

  it('keeps what the car draws already and never counts a discharging battery; a plant reporting no SoC has no priority', () => {
    expect(plantSurplusW(plant(40), 4140, 50)).toBe(5140);
    expect(plantSurplusW({ ActPwrGrid: -1000, ActPwrBat: 2000, BatSoc: 40 }, 0, 50)).toBe(1000);
    expect(batteryFirst(plant(undefined), 50)).toBe(false);
    expect(plantSurplusW(plant(undefined), 0, 50)).toBe(5000);
  });
});
