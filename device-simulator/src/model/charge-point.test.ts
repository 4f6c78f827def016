import { seededRandom } from '../random';
import { newChargePoint, stepChargePoint, type ChargePointState } from './charge-point';
import { localTime } from './local-time';

const at = new Date('2026-06-01T10:00:00Z');
const input = { time: localTime(at, 16.6, 'Europe/Prague'), nowMs: at.getTime(), dtSeconds: 60, ratedKw: 11 };
const plugged = (extra: Partial<ChargePointState> = {}): ChargePointState => ({
  ...newChargePoint(1000),
  session: { car: { batteryKwh: 60, socPct: 40, limitPct: 80 }, departsAt: at.getTime() + 3_600_000, deliveredKwh: 0 },
  charging: true,
  ...extra,
});

describe('a simulated OCPP charger', () => {
  it('charges at the charger’s maximum (15 A on 11 kW) without a profile, and at the profile’s limit with one', () => {
    const full = stepChargePoint(plugged(), input, seededRandom(1));
    expect(full.powerW).toBe(15 * 3 * 230);
    expect(full.energyWh).toBeCloseTo(1000 + (15 * 3 * 230) / 60, 6);
    const limited = stepChargePoint(plugged({ limitA: 8, phases: 1 }), input, seededRandom(1));
    expect(limited).toMatchObject({ powerW: 8 * 230, currentA: 8 });
    expect(limited.session?.car.socPct).toBeGreaterThan(40);
  });

  it('draws nothing under 6 A, without a transaction, or once the car is at its limit', () => {
    expect(stepChargePoint(plugged({ limitA: 5 }), input, seededRandom(1)).powerW).toBe(0);
    expect(stepChargePoint(plugged({ charging: false }), input, seededRandom(1)).powerW).toBe(0);
    const full = plugged();
    const atLimit = { ...full, session: full.session && { ...full.session, car: { ...full.session.car, socPct: 80 } } };
    expect(stepChargePoint(atLimit, input, seededRandom(1)).powerW).toBe(0);
  });
});
