import type { RcRule } from '../controls/control-draft';
import { checkSchedule, type ScheduleDraft } from './schedule-form';

const watts: RcRule = { kind: 'integer', unit: 'W', min: 0, max: 1_000_000, battery: false };
const force: RcRule = { kind: 'forceCharge', targetSoc: { min: 11, max: 95 }, maxHours: 24, battery: true };
const base: ScheduleDraft = { key: 'ExportLimit', value: '2000', kind: 'daily', date: '', start: '01:00', end: '05:00' };

describe('the schedule form', () => {
  it('takes a value by the key’s rule and a force charge by its target alone', () => {
    expect(checkSchedule(base, watts, 0)).toEqual({ ok: true, value: 2000 });
    expect(checkSchedule({ ...base, value: '-1' }, watts, 0)).toEqual({ ok: false, field: 'value', problem: 'range' });
    expect(checkSchedule({ ...base, key: 'ForceCharge', value: '80' }, force, 0)).toEqual({ ok: true, value: { targetSoc: 80 } });
    expect(checkSchedule({ ...base, key: 'ForceCharge', value: '100' }, force, 0)).toMatchObject({ ok: false, field: 'value' });
  });

  it('needs a date for a one-off window and an end other than the start', () => {
    expect(checkSchedule({ ...base, kind: 'once' }, watts, 0)).toEqual({ ok: false, field: 'date', problem: 'required' });
    expect(checkSchedule({ ...base, kind: 'once', date: '2026-06-01' }, watts, 0).ok).toBe(true);
    expect(checkSchedule({ ...base, end: '01:00' }, watts, 0)).toEqual({ ok: false, field: 'end', problem: 'sameAsStart' });
  });
});
