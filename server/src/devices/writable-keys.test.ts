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
    expect(checkDesired('EvMode', 'turbo')).toEqual({ ok: false, message: 'EvMode must be one of off, solar, minsolar, fast, plan' });
    expect(checkDesired('EvMaxCurrent', 33)).toMatchObject({ ok: false, message: expect.stringContaining('from 6 to 32') });
    expect(checkDesired('EvMinCurrent', 5.5)).toMatchObject({ ok: false });
    expect(checkDesired('EvPhases', 2)).toMatchObject({ ok: false, message: expect.stringContaining('1, 3 or 0') });
    expect(checkDesired('EvPlanSlots', [[2000, 1000]])).toMatchObject({ ok: false });
  });
});
