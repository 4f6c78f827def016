// The schedule form's rules: a value by the key's rule (a force charge gives its target only: it
// runs until the window ends), a date for a one-off window, a start and an end that differ.
import { RC_DATE_PATTERN, RC_TIME_PATTERN, type RcScheduleKind } from '@helio/contracts/limits';
import type { WritableKeyName } from '@helio/contracts/device';
import { parseDraft, type RcRule, type RcValue } from '../controls/control-draft';

export interface ScheduleDraft {
  key: WritableKeyName;
  value: string;
  kind: RcScheduleKind;
  date: string;
  start: string;
  end: string;
}

export type ScheduleField = 'value' | 'date' | 'start' | 'end';
export type ScheduleCheck = { ok: true; value: RcValue | { targetSoc: number } } | { ok: false; field: ScheduleField; problem: string };

export function checkSchedule(draft: ScheduleDraft, rule: RcRule, now: number): ScheduleCheck {
  let value: RcValue | { targetSoc: number };
  if (rule.kind === 'forceCharge') {
    const target = Number(draft.value);
    const { min, max } = rule.targetSoc ?? { min: 0, max: 100 };
    if (draft.value.trim() === '' || !Number.isInteger(target) || target < min || target > max)
      return { ok: false, field: 'value', problem: 'range' };
    value = { targetSoc: target };
  } else {
    const parsed = parseDraft(draft.key, rule, { kind: 'text', text: draft.value }, now);
    if (!parsed.ok) return { ok: false, field: 'value', problem: parsed.problem };
    value = parsed.value;
  }
  if (draft.kind === 'once' && !new RegExp(RC_DATE_PATTERN).test(draft.date)) return { ok: false, field: 'date', problem: 'required' };
  if (!new RegExp(RC_TIME_PATTERN).test(draft.start)) return { ok: false, field: 'start', problem: 'required' };
  if (!new RegExp(RC_TIME_PATTERN).test(draft.end)) return { ok: false, field: 'end', problem: 'required' };
  if (draft.start === draft.end) return { ok: false, field: 'end', problem: 'sameAsStart' };
  return { ok: true, value };
}
