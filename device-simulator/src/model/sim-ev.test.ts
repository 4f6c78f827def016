import { parseSimEv } from './sim-ev';

describe('the EV test message', () => {
  it('plugs a car in, pins sun and load, shortens the delays', () => {
    const message = {
      car: { batteryKwh: 60, socPct: 20, limitPct: 80 },
      sunW: 9000,
      loadW: 500,
      timing: { startHoldMs: 0, stopDelayMs: 1000, phaseSwitchDelayMs: 0 },
    };
    expect(parseSimEv(JSON.stringify(message))).toEqual(message);
  });

  it('unplugs with car null and frees the sun with sunW null; the limit defaults to 100 %', () => {
    expect(parseSimEv('{"car":null,"sunW":null}')).toEqual({ car: null, sunW: null });
    expect(parseSimEv('{"car":{"batteryKwh":40,"socPct":50}}')).toEqual({ car: { batteryKwh: 40, socPct: 50, limitPct: 100 } });
  });

  it('refuses anything else: unknown keys, wrong types, impossible values, not JSON', () => {
    for (const bad of [
      '{"cars":null}',
      '{"sunW":-1}',
      '{"car":{"batteryKwh":0,"socPct":10}}',
      '{"car":{"batteryKwh":40,"socPct":120}}',
      '{"timing":{"startHoldMs":1}}',
      '[]',
      'nope',
    ]) {
      expect(parseSimEv(bad)).toBeUndefined();
    }
  });
});
