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
});
