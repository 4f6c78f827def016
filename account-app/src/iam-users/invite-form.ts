// The invite form's rules: a fresh draft (the new user's access starts narrow: viewer with
// monitoring and notifications), what blocks sending it, and the request it becomes.
import type { ModuleKey } from '@helio/contracts/limits';
import type { InviteRequest, Language } from '@helio/shared-utils';

export interface InviteDraft {
  email: string;
  name: string;
  family_name: string;
  role: string;
  modules: ModuleKey[];
  locale: Language;
}

export type InviteField = 'email' | 'name' | 'family_name' | 'role';
export type InviteProblem = 'required' | 'email' | 'tooLong';

export const DEFAULT_INVITE_MODULES: readonly ModuleKey[] = ['monitoring', 'notifications'];
// What the server's format: 'email' accepts, loosely: one @, a dot in the domain, no spaces.
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export function emptyInvite(locale: Language): InviteDraft {
  return { email: '', name: '', family_name: '', role: 'viewer', modules: [...DEFAULT_INVITE_MODULES], locale };
}

export function inviteProblems(draft: InviteDraft): Partial<Record<InviteField, InviteProblem>> {
  const problems: Partial<Record<InviteField, InviteProblem>> = {};
  const email = draft.email.trim();
  if (email === '') problems.email = 'required';
  else if (!EMAIL.test(email) || email.length > 320) problems.email = 'email';
  for (const field of ['name', 'family_name'] as const) {
    const value = draft[field].trim();
    if (value === '') problems[field] = 'required';
    else if (value.length > 100) problems[field] = 'tooLong';
  }
  if (draft.role === '') problems.role = 'required';
  return problems;
}

export function inviteRequest(draft: InviteDraft): InviteRequest {
  return {
    email: draft.email.trim(),
    name: draft.name.trim(),
    family_name: draft.family_name.trim(),
    role: draft.role,
    modules: [...draft.modules],
    locale: draft.locale,
  };
}

/** Ticks or unticks one module, keeping the catalogue's order. */
export function toggleModule<K extends string>(modules: readonly K[], module: K, on: boolean, order: readonly K[]): K[] {
  const next = new Set<K>(modules);
  if (on) next.add(module);
  else next.delete(module);
  return order.filter((key) => next.has(key));
}
