// What the user typed into a control, and the value it means under the key's rule (the device
// contract's check, so the page refuses what the server would, with the same limits).
import { checkWritableValue, FORCE_CHARGE_OFF, type ValueCheck, type WritableKeyName } from '@helio/contracts/device';
import type { RcState } from '@helio/contracts';

export type RcRule = RcState['keys'][number]['rule'];
export type RcValue = number | string | { targetSoc: number; until: string };

export type Draft =
  | { kind: 'text'; text: string }
  | { kind: 'forceCharge'; on: boolean; targetSoc: string; /** datetime-local, the browser's wall clock */ until: string };

export type DraftResult = { ok: true; value: RcValue } | { ok: false; problem: Exclude<ValueCheck, { ok: true }>['problem'] | 'required' };

const pad = (n: number) => String(n).padStart(2, '0');
/** A datetime-local text for an instant, on the browser's clock. */
export function localInput(ms: number): string {
  const d = new Date(ms);
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

/** The draft a control starts from: the value it has now (desired, else reported). */
export function draftOf(rule: RcRule, value: unknown, now: number): Draft {
  if (rule.kind !== 'forceCharge') return { kind: 'text', text: value === undefined || value === null ? '' : String(value) };
  if (typeof value === 'object' && value !== null && 'targetSoc' in value && 'until' in value) {
    const setting = value as { targetSoc: number; until: string };
    const until = Date.parse(setting.until);
    if (until > now) return { kind: 'forceCharge', on: true, targetSoc: String(setting.targetSoc), until: localInput(until) };
  }
  return { kind: 'forceCharge', on: false, targetSoc: String(rule.targetSoc?.max ?? 90), until: localInput(now + 4 * 3_600_000) };
}

function toContractRule(rule: RcRule) {
  return rule as Parameters<typeof checkWritableValue>[1];
}

export function parseDraft(key: WritableKeyName, rule: RcRule, draft: Draft, now: number): DraftResult {
  let value: RcValue;
  if (draft.kind === 'forceCharge') {
    if (!draft.on) value = FORCE_CHARGE_OFF;
    else {
      const until = new Date(draft.until);
      if (draft.targetSoc.trim() === '' || draft.until === '' || Number.isNaN(until.getTime())) return { ok: false, problem: 'required' };
      value = { targetSoc: Number(draft.targetSoc), until: until.toISOString() };
    }
  } else if (rule.kind === 'integer') {
    if (draft.text.trim() === '') return { ok: false, problem: 'required' };
    value = Number(draft.text.trim().replace(',', '.'));
  } else {
    value = draft.text;
  }
  const check = checkWritableValue(key, toContractRule(rule), value, now);
  return check.ok ? { ok: true, value } : { ok: false, problem: check.problem };
}
