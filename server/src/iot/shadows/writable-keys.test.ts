import { checkDesired } from './writable-keys';

describe('checkDesired', () => {
  it('accepts a known operating mode and a whole-watt export limit', () => {
    expect(checkDesired('OperMode', 'idle')).toEqual({ ok: true });
    expect(checkDesired('ExportLimit', 3000)).toEqual({ ok: true });
  });

  it('accepts null to clear a writable key', () => {
    expect(checkDesired('OperMode', null)).toEqual({ ok: true });
  });

  it('refuses keys that are not writable, measurements included', () => {
    for (const key of ['ActPwrPve', 'toString', '__proto__']) {
      expect(checkDesired(key, 1)).toMatchObject({ ok: false, message: expect.stringContaining('not writable') });
    }
  });

  it('refuses values the key does not accept', () => {
    expect(checkDesired('OperMode', 'turbo')).toMatchObject({ ok: false });
    expect(checkDesired('OperMode', 1)).toMatchObject({ ok: false });
    expect(checkDesired('ExportLimit', -1)).toMatchObject({ ok: false });
    expect(checkDesired('ExportLimit', 1.5)).toMatchObject({ ok: false });
    expect(checkDesired('ExportLimit', '3000')).toMatchObject({ ok: false });
  });

  it('accepts the charger keys within their rules and names the rule when refusing', () => {
    expect(checkDesired('EvMode', 'minsolar')).toEqual({ ok: true });
    expect(checkDesired('EvMinCurrent', 6)).toEqual({ ok: true });
    expect(checkDesired('EvMaxCurrent', 32)).toEqual({ ok: true });
    expect(checkDesired('EvPhases', 0)).toEqual({ ok: true });
    expect(checkDesired('EvPlanSlots', [[1000, 2000]])).toEqual({ ok: true });
    expect(checkDesired('EvMode', 'turbo')).toMatchObject({ ok: false, message: 'EvMode must be one of off, solar, minsolar, fast, plan' });
    expect(checkDesired('EvMaxCurrent', 33)).toMatchObject({ ok: false, message: expect.stringContaining('from 6 to 32') });
    expect(checkDesired('EvMinCurrent', 5.5)).toMatchObject({ ok: false });
    expect(checkDesired('EvPhases', 2)).toMatchObject({ ok: false, problem: 'choice', message: 'EvPhases must be one of 0, 1, 3' });
    expect(checkDesired('EvPlanSlots', [[2000, 1000]])).toMatchObject({ ok: false });
  });
});

describe('the battery keys and force charge of the contract', () => {
  it('takes limits within range and refuses the rest with the field’s message', () => {
    expect(checkDesired('BatSocMin', 20)).toEqual({ ok: true });
    expect(checkDesired('BatChargeMax', 200_000)).toMatchObject({
      ok: false,
      problem: 'range',
      message: 'BatChargeMax must be from 0 to 100000 W',
    });
    const now = Date.parse('2026-05-01T10:00:00Z');
    expect(checkDesired('ForceCharge', { targetSoc: 90, until: '2026-05-01T12:00:00Z' }, now)).toEqual({ ok: true });
    expect(checkDesired('ForceCharge', { targetSoc: 90, until: '2026-05-01T09:00:00Z' }, now)).toMatchObject({
      ok: false,
      problem: 'until',
    });
  });
});
