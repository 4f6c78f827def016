import { clearSkyPvW } from './clear-sky';
import {
  batteryLow,
  evaluatePlant,
  gatewayOffline,
  gridOutage,
  inverterFault,
  newestTimestamp,
  pvLow,
  type PlantSnapshot,
} from './conditions';
import { DEFAULT_THRESHOLDS } from './thresholds';

const NOON = Date.parse('2025-06-21T11:00:00Z'); // summer noon in Brno
const MIN = 60_000;

function plant(patch: Partial<PlantSnapshot> = {}): PlantSnapshot {
  return {
    watchedSince: NOON - 24 * 60 * MIN,
    latitude: 49.2,
    longitude: 16.6,
    pvPeakKw: 10,
    reported: { ActPwrPve: 6000, BatSoc: 60 },
    lastReportAt: NOON - 10_000,
    pvSamples: [],
    ...patch,
  };
}

const everyMinute = (minutes: number, watts: (ts: number) => number) =>
  Array.from({ length: minutes + 1 }, (_, i) => NOON - (minutes - i) * MIN).map((ts) => ({ ts, value: watts(ts) }));
const expected = (ts: number) => clearSkyPvW(new Date(ts), 49.2, 16.6, 10);

describe('alert conditions', () => {
  describe('gateway offline', () => {
    it('holds only after more than 5 minutes without a report', () => {
      expect(gatewayOffline(plant({ lastReportAt: NOON - 5 * MIN }), NOON).state).toBe('off');
      expect(gatewayOffline(plant({ lastReportAt: NOON - 5 * MIN - 1 }), NOON)).toEqual({
        state: 'on',
        details: { lastReportAt: NOON - 5 * MIN - 1 },
      });
    });

    it('counts a gateway that never reported from the time its plant is watched', () => {
      expect(gatewayOffline(plant({ lastReportAt: null, watchedSince: NOON - MIN }), NOON).state).toBe('off');
      expect(gatewayOffline(plant({ lastReportAt: null, watchedSince: NOON - 6 * MIN }), NOON).state).toBe('on');
    });

    it('gives every gateway 5 minutes after the engine starts, however old its last report', () => {
      expect(gatewayOffline(plant({ lastReportAt: NOON - 60 * MIN, watchedSince: NOON - 4 * MIN }), NOON).state).toBe('off');
    });

    it('leaves every other condition undecided while the values are stale', () => {
      const verdicts = evaluatePlant(
        plant({ lastReportAt: NOON - 10 * MIN, reported: { BatSoc: 1, InverterFault: true } }),
        DEFAULT_THRESHOLDS,
        NOON,
      );
      expect(verdicts.gatewayOffline.state).toBe('on');
      expect([verdicts.inverterFault, verdicts.batteryLow, verdicts.gridOutage, verdicts.pvLow].map((v) => v.state)).toEqual([
        'unknown',
        'unknown',
        'unknown',
        'unknown',
      ]);
    });
  });

  describe('inverter fault', () => {
    it.each([
      [{ InverterFault: true }, 'on'],
      [{ InverterFault: 17 }, 'on'],
      [{ InverterState: 'FAULT' }, 'on'],
      [{ InverterState: 'error' }, 'on'],
      [{ InverterFault: false, InverterState: 'running' }, 'off'],
      [{ InverterFault: 0 }, 'off'],
      [{}, 'off'],
    ])('%j is %s', (reported, state) => {
      expect(inverterFault(reported).state).toBe(state);
    });

    it('keeps the SunSpec names of the events a Helio gateway reports', () => {
      expect(inverterFault({ InverterState: 'fault', InverterEvents: 'GROUND_FAULT, OVER_TEMP' })).toEqual({
        state: 'on',
        details: { faultCode: null, state: 'fault', events: 'GROUND_FAULT, OVER_TEMP' },
      });
      expect(inverterFault({ InverterState: 'fault', InverterEvents: '' })).toEqual({
        state: 'on',
        details: { faultCode: null, state: 'fault' },
      });
    });
  });

  describe('battery state of charge', () => {
    it('opens under the plant’s threshold', () => {
      expect(batteryLow({ BatSoc: 14.9 }, { ...DEFAULT_THRESHOLDS, batterySocMin: 15 })).toEqual({
        state: 'on',
        details: { soc: 14.9, threshold: 15 },
      });
    });

    it('clears only 2 points above the threshold and keeps its state in between', () => {
      const thresholds = { ...DEFAULT_THRESHOLDS, batterySocMin: 20 };
      expect(batteryLow({ BatSoc: 20 }, thresholds).state).toBe('unknown');
      expect(batteryLow({ BatSoc: 21.9 }, thresholds).state).toBe('unknown');
      expect(batteryLow({ BatSoc: 22 }, thresholds).state).toBe('off');
    });

    it('opens only under the battery’s own floor when the threshold sits above it, and names the floor', () => {
      const thresholds = { ...DEFAULT_THRESHOLDS, batterySocMin: 20 };
      // Resting at its 10 % floor every night is by design: it opens nothing (inside the band, a closed alert stays closed).
      expect(batteryLow({ BatSoc: 10, BatSocMin: 10 }, thresholds).state).toBe('unknown');
      expect(batteryLow({ BatSoc: 10 }, thresholds).state).toBe('on');
      expect(batteryLow({ BatSoc: 15, BatSocMin: 10 }, thresholds).state).toBe('off');
      expect(batteryLow({ BatSoc: 9.5, BatSocMin: 10 }, thresholds)).toEqual({
        state: 'on',
        details: { soc: 9.5, threshold: 10, floor: 10 },
      });
      // A floor above the threshold leaves the threshold in charge.
      expect(batteryLow({ BatSoc: 18, BatSocMin: 30 }, thresholds)).toEqual({
        state: 'on',
        details: { soc: 18, threshold: 20, floor: 30 },
      });
    });

    it('does not apply to a plant that reports no battery', () => {
      expect(batteryLow({ ActPwrPve: 100 }, DEFAULT_THRESHOLDS).state).toBe('off');
    });
  });

  describe('grid outage', () => {
    it.each([
      [{ GridConnected: false }, 'on'],
      [{ GridStatus: 'Outage' }, 'on'],
      [{ GridVoltage: 12 }, 'on'],
      [{ GridConnected: true, GridStatus: 'ok', GridVoltage: 231 }, 'off'],
      [{ ActPwrGrid: 0 }, 'off'],
    ])('%j is %s', (reported, state) => {
      expect(gridOutage(reported).state).toBe(state);
    });
  });

  describe('PV far below the clear-sky estimate', () => {
    it('holds when every sample of the last 15 minutes is under 10 % of the estimate', () => {
      const verdict = pvLow(plant({ pvSamples: everyMinute(14, (ts) => 0.05 * expected(ts)) }), DEFAULT_THRESHOLDS, NOON);
      expect(verdict.state).toBe('on');
      expect(verdict.state === 'on' && verdict.details.expectedW).toBe(Math.round(expected(NOON)));
    });

    it('does not hold under clouds that still let a fifth through', () => {
      expect(pvLow(plant({ pvSamples: everyMinute(14, (ts) => 0.2 * expected(ts)) }), DEFAULT_THRESHOLDS, NOON).state).toBe('off');
    });

    it('waits for ten minutes of samples before it judges', () => {
      expect(pvLow(plant({ pvSamples: everyMinute(5, () => 0) }), DEFAULT_THRESHOLDS, NOON).state).toBe('unknown');
      expect(pvLow(plant({ pvSamples: [] }), DEFAULT_THRESHOLDS, NOON).state).toBe('unknown');
    });

    it('clears as soon as the latest sample is back above the threshold', () => {
      const samples = everyMinute(14, (ts) => (ts === NOON ? 0.5 * expected(ts) : 0));
      expect(pvLow(plant({ pvSamples: samples }), DEFAULT_THRESHOLDS, NOON).state).toBe('off');
    });

    it('does not judge at night or with the sun low', () => {
      const night = Date.parse('2025-06-21T22:00:00Z');
      expect(pvLow(plant({ pvSamples: [{ ts: night, value: 0 }] }), DEFAULT_THRESHOLDS, night).state).toBe('off');
    });

    it('follows the plant’s own threshold', () => {
      const samples = everyMinute(14, (ts) => 0.3 * expected(ts));
      expect(pvLow(plant({ pvSamples: samples }), { ...DEFAULT_THRESHOLDS, pvMinPercent: 40 }, NOON).state).toBe('on');
    });
  });

  it('finds the newest report time in nested shadow metadata', () => {
    expect(newestTimestamp({ ActPwrPve: { timestamp: 5 }, Inverter: { State: { timestamp: 9 } }, BatSoc: { timestamp: 7 } })).toBe(9);
    expect(newestTimestamp({})).toBeNull();
  });
});
