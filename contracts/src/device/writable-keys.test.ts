import { CHARGER_WRITABLE_KEYS } from './charger-keys';
import { checkWritableValue, forceChargeActive, writableKeys, type WritableKeyName } from './writable-keys';

const keys = writableKeys(['self-consumption', 'backup']);
const now = Date.parse('2026-05-01T10:00:00Z');
const check = (key: WritableKeyName, value: unknown) => checkWritableValue(key, keys[key], value, now);

describe('the writable keys of the device contract', () => {
  it('takes whole numbers within each key’s limits and names the limits when refusing', () => {
    expect(check('ExportLimit', 5000)).toEqual({ ok: true });
    expect(check('ExportLimit', -1)).toEqual({
      ok: false,
      problem: 'range',
      message: 'ExportLimit must be from 0 to 1000000 W',
      limits: { min: 0, max: 1_000_000, unit: 'W' },
    });
    expect(check('BatSocMin', 9)).toMatchObject({ ok: false, problem: 'range' });
    expect(check('BatSocMin', 20.5)).toMatchObject({ ok: false, problem: 'type' });
    expect(check('BatChargeMax', '3000')).toMatchObject({ ok: false, problem: 'type' });
    expect(check('BatDischargeMax', 100_000)).toEqual({ ok: true });
  });

  it('takes an operating mode only from the modes given', () => {
    expect(check('OperMode', 'backup')).toEqual({ ok: true });
    expect(check('OperMode', 'turbo')).toEqual({
      ok: false,
      problem: 'choice',
      message: 'OperMode must be one of self-consumption, backup',
      limits: { choices: ['self-consumption', 'backup'] },
    });
  });

  it('takes a force charge that ends within a day, or off', () => {
    expect(check('ForceCharge', 'off')).toEqual({ ok: true });
    expect(check('ForceCharge', { targetSoc: 80, until: '2026-05-01T15:00:00Z' })).toEqual({ ok: true });
    expect(check('ForceCharge', { targetSoc: 80, until: '2026-05-01T09:00:00Z' })).toMatchObject({ problem: 'until' });
    expect(check('ForceCharge', { targetSoc: 80, until: '2026-05-02T11:00:00Z' })).toMatchObject({ problem: 'until' });
    expect(check('ForceCharge', { targetSoc: 99, until: '2026-05-01T15:00:00Z' })).toMatchObject({ problem: 'range' });
    expect(check('ForceCharge', { targetSoc: 80, until: '2026-05-01T15:00:00Z', extra: 1 })).toMatchObject({ problem: 'type' });
  });

  it('counts a force charge as on only before its end and below its target', () => {
    const setting = { targetSoc: 80, until: '2026-05-01T15:00:00Z' };
    expect(forceChargeActive(setting, now, 50)).toBe(true);
    expect(forceChargeActive(setting, now, 80)).toBe(false);
    expect(forceChargeActive(setting, Date.parse('2026-05-01T15:00:00Z'), 50)).toBe(false);
    expect(forceChargeActive('off', now, 50)).toBe(false);
  });

  it('checks an EV charger’s keys with the same rule kinds: amperes, modes, phase steps and planned slots', () => {
    const charger = (key: keyof typeof CHARGER_WRITABLE_KEYS, value: unknown) =>
      checkWritableValue(key, CHARGER_WRITABLE_KEYS[key], value, now);
    expect(charger('EvMaxCurrent', 16)).toEqual({ ok: true });
    expect(charger('EvMinCurrent', 5)).toEqual({
      ok: false,
      problem: 'range',
      message: 'EvMinCurrent must be from 6 to 32 A',
      limits: { min: 6, max: 32, unit: 'A' },
    });
    expect(charger('EvMode', 'plan')).toEqual({ ok: true });
    expect(charger('EvPhases', 3)).toEqual({ ok: true });
    expect(charger('EvPhases', 2)).toMatchObject({ ok: false, problem: 'choice' });
    expect(charger('EvPlanSlots', [[1000, 2000]])).toEqual({ ok: true });
    expect(charger('EvPlanSlots', [[2000, 1000]])).toMatchObject({ ok: false, problem: 'type' });
    expect(
      charger(
        'EvPlanSlots',
        Array.from({ length: 193 }, (_, i) => [i * 10, i * 10 + 5]),
      ),
    ).toMatchObject({ ok: false });
  });
});
