import type { RcRule } from './control-draft';
import { draftOf, localInput, parseDraft } from './control-draft';

const integer: RcRule = { kind: 'integer', unit: 'W', min: 0, max: 100_000, battery: true };
const force: RcRule = { kind: 'forceCharge', targetSoc: { min: 11, max: 95 }, maxHours: 24, battery: true };
const modes: RcRule = { kind: 'choice', choices: ['self-consumption', 'backup'], battery: false };
const NOW = Date.parse('2026-05-01T10:00:00Z');

describe('a control’s draft', () => {
  it('turns typed whole numbers into values and refuses out-of-range or empty ones', () => {
    expect(parseDraft('BatChargeMax', integer, { kind: 'text', text: '3000' }, NOW)).toEqual({ ok: true, value: 3000 });
    expect(parseDraft('BatChargeMax', integer, { kind: 'text', text: '200000' }, NOW)).toEqual({ ok: false, problem: 'range' });
    expect(parseDraft('BatChargeMax', integer, { kind: 'text', text: '1,5' }, NOW)).toEqual({ ok: false, problem: 'type' });
    expect(parseDraft('BatChargeMax', integer, { kind: 'text', text: ' ' }, NOW)).toEqual({ ok: false, problem: 'required' });
  });

  it('takes an operating mode from its choices only', () => {
    expect(parseDraft('OperMode', modes, { kind: 'text', text: 'backup' }, NOW)).toEqual({ ok: true, value: 'backup' });
    expect(parseDraft('OperMode', modes, { kind: 'text', text: 'turbo' }, NOW)).toEqual({ ok: false, problem: 'choice' });
  });

  it('makes a force charge of a target and an end within the day, or off', () => {
    const until = localInput(NOW + 3 * 3_600_000);
    expect(parseDraft('ForceCharge', force, { kind: 'forceCharge', on: true, targetSoc: '80', until }, NOW)).toEqual({
      ok: true,
      value: { targetSoc: 80, until: new Date(NOW + 3 * 3_600_000).toISOString() },
    });
    expect(parseDraft('ForceCharge', force, { kind: 'forceCharge', on: false, targetSoc: '', until: '' }, NOW)).toEqual({
      ok: true,
      value: 'off',
    });
    expect(
      parseDraft('ForceCharge', force, { kind: 'forceCharge', on: true, targetSoc: '80', until: localInput(NOW - 60_000) }, NOW),
    ).toEqual({ ok: false, problem: 'until' });
  });

  it('starts from the current value; a force charge that has ended starts switched off', () => {
    expect(draftOf(integer, 2500, NOW)).toEqual({ kind: 'text', text: '2500' });
    expect(draftOf(force, { targetSoc: 70, until: '2026-05-01T12:00:00Z' }, NOW)).toMatchObject({ on: true, targetSoc: '70' });
    expect(draftOf(force, { targetSoc: 70, until: '2026-05-01T09:00:00Z' }, NOW)).toMatchObject({ on: false });
  });
});
