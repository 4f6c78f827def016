// The new-key form's rules: a name, a scope, all plants or at least one, an expiry in the future
// within the longest a key may live. Answers the request, or the first problem by field.
import { API_KEY_MAX_DAYS, API_KEY_NAME_MAX, type ApiKeyScope } from '@helio/contracts/limits';

export interface KeyDraft {
  name: string;
  scope: ApiKeyScope;
  allPlants: boolean;
  plantIds: string[];
  /** yyyy-mm-dd, or '' for no expiry. */
  expires: string;
}

export const EMPTY_KEY_DRAFT: KeyDraft = { name: '', scope: 'read', allPlants: true, plantIds: [], expires: '' };

export type KeyProblem = 'nameRequired' | 'nameTooLong' | 'noPlants' | 'expiryPast' | 'expiryTooFar';

export type KeyCheck =
  | { ok: true; request: { name: string; scope: ApiKeyScope; plantIds: string[] | null; expiresAt: string | null } }
  | { ok: false; field: 'name' | 'plants' | 'expires'; problem: KeyProblem };

export function checkKeyDraft(draft: KeyDraft, now = Date.now()): KeyCheck {
  const name = draft.name.trim();
  if (name === '') return { ok: false, field: 'name', problem: 'nameRequired' };
  if (name.length > API_KEY_NAME_MAX) return { ok: false, field: 'name', problem: 'nameTooLong' };
  if (!draft.allPlants && draft.plantIds.length === 0) return { ok: false, field: 'plants', problem: 'noPlants' };
  let expiresAt: string | null = null;
  if (draft.expires !== '') {
    // The key works through the whole chosen day, until the local midnight that ends it.
    const [y, m, d] = draft.expires.split('-').map(Number) as [number, number, number];
    const end = new Date(y, m - 1, d + 1).getTime();
    if (!(end > now)) return { ok: false, field: 'expires', problem: 'expiryPast' };
    if (end > now + API_KEY_MAX_DAYS * 86_400_000) return { ok: false, field: 'expires', problem: 'expiryTooFar' };
    expiresAt = new Date(end).toISOString();
  }
  return { ok: true, request: { name, scope: draft.scope, plantIds: draft.allPlants ? null : draft.plantIds, expiresAt } };
}
