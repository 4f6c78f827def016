import { batteryPowerW, C_RATE, EFFICIENCY, maxChargeW, maxDischargeW, nextSocPct, SOC_MAX_PCT, SOC_MIN_PCT } from './battery';

const pack = { capacityKwh: 10 };

describe('battery in self-consumption', () => {
  it('charges from a surplus, up to the inverter limit', () => {
    expect(batteryPowerW('self-consumption', pack, 50, 2000, 5)).toBe(-2000);
    expect(batteryPowerW('self-consumption', pack, 50, 9000, 5)).toBe(-10_000 * C_RATE);
  });

  it('discharges to cover a deficit, up to the inverter limit', () => {
    expect(batteryPowerW('self-consumption', pack, 50, -1500, 5)).toBe(1500);
    expect(batteryPowerW('self-consumption', pack, 50, -8000, 5)).toBe(5000);
  });

  it('neither charges when full nor discharges when at the reserve', () => {
    expect(batteryPowerW('self-consumption', pack, SOC_MAX_PCT, 3000, 5)).toBe(0);
    expect(batteryPowerW('self-consumption', pack, SOC_MIN_PCT, -3000, 5)).toBe(0);
  });

  it('tapers near the limits so one step cannot overshoot them', () => {
    const soc = SOC_MAX_PCT - 0.001; // 0.1 Wh of room: about 75 W for 5 s
    const power = batteryPowerW('self-consumption', pack, soc, 5000, 5);
    expect(power).toBeLessThan(0);
    expect(-power).toBe(maxChargeW(pack, soc, 5));
    expect(-power).toBeLessThan(100);
    expect(nextSocPct(pack, soc, power, 5)).toBeLessThanOrEqual(SOC_MAX_PCT);
    const low = SOC_MIN_PCT + 0.001;
    const out = batteryPowerW('self-consumption', pack, low, -5000, 5);
    expect(out).toBeGreaterThan(0);
    expect(out).toBe(maxDischargeW(pack, low, 5));
    expect(nextSocPct(pack, low, out, 5)).toBeGreaterThanOrEqual(SOC_MIN_PCT);
  });
});

describe('other operating modes', () => {
  it('backup fills from surplus but never discharges', () => {
    expect(batteryPowerW('backup', pack, 50, 1000, 5)).toBe(-1000);
    expect(batteryPowerW('backup', pack, 50, -1000, 5)).toBe(0);
  });

  it('force-charge charges at full power even without surplus', () => {
    expect(batteryPowerW('force-charge', pack, 50, -2000, 5)).toBe(-5000);
  });

  it('idle leaves the pack alone', () => {
    expect(batteryPowerW('idle', pack, 50, 2000, 5)).toBe(0);
    expect(batteryPowerW('idle', pack, 50, -2000, 5)).toBe(0);
  });
});

describe('nextSocPct', () => {
  it('loses energy both ways: 1 kWh in, then out, returns less than 1 kWh', () => {
    const charged = nextSocPct(pack, 50, -1000, 3600);
    expect(charged).toBeCloseTo(50 + 10 * EFFICIENCY, 6);
    // Discharging the stored energy yields only EFFICIENCY of it.
    const stored = ((charged - 50) / 100) * 10_000;
    const deliverable = stored * EFFICIENCY;
    expect(nextSocPct(pack, charged, deliverable, 3600)).toBeCloseTo(50, 6);
    expect(deliverable).toBeLessThan(1000 * 0.91);
  });
});
