// How IAM pages see a user: identity, effective role, modules, status (active, invited, disabled)
// and last sign-in; and the tenant's user list with a search that ignores case and diacritics.
import type { Kysely } from 'kysely';
import type { IamUser, IamUserStatus } from '@helio/contracts';
import type { Database } from '../db/schema';
import { parseModules } from '../http/auth';
import { builtInRoleViews, customRoleView, listCustomRoles, type RoleView } from './roles';
import { effectiveRoleId, type UserRow } from './user-admin';

export type { IamUserStatus };
export type IamUserView = IamUser;

export function statusOf(user: UserRow): IamUserStatus {
  if (user.status === 'disabled') return 'disabled';
  return user.temporary_password_expires_at !== null ? 'invited' : 'active';
}

export function toIamUser(user: UserRow, role: Pick<RoleView, 'id' | 'name' | 'builtIn'> | undefined): IamUserView {
  return {
    id: user.id,
    email: user.email,
    name: user.name,
    family_name: user.family_name,
    picture: user.picture,
    role: role
      ? { id: role.id, name: role.name, builtIn: role.builtIn }
      : { id: effectiveRoleId(user), name: effectiveRoleId(user), builtIn: false },
    modules: parseModules(user.modules),
    locale: user.locale,
    status: statusOf(user),
    invitationExpiresAt: user.temporary_password_expires_at,
    lastSignInAt: user.last_sign_in_at,
    createdAt: user.created_at,
  };
}

/** Lower case without diacritics: "Nováková" is found by "novakova". */
export const fold = (text: string) => text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();

const byName = new Intl.Collator('cs').compare;

export async function tenantRoleIndex(db: Kysely<Database>, tenantId: string): Promise<Map<string, RoleView>> {
  const roles = [...builtInRoleViews(), ...(await listCustomRoles(db, tenantId)).map(customRoleView)];
  return new Map(roles.map((r) => [r.id, r]));
}

export async function listTenantUsers(db: Kysely<Database>, tenantId: string, search?: string): Promise<IamUserView[]> {
  const [rows, roles] = await Promise.all([
    db.selectFrom('users').selectAll().where('tenant_id', '=', tenantId).execute(),
    tenantRoleIndex(db, tenantId),
  ]);
  const words = fold(search ?? '')
    .split(/\s+/)
    .filter(Boolean);
  // Filtered here, not in SQL: SQLite's lower() knows only ASCII, and Czech names are not ASCII.
  return rows
    .filter((u) => {
      const haystack = fold(`${u.email} ${u.name} ${u.family_name}`);
      return words.every((w) => haystack.includes(w));
    })
    .map((u) => toIamUser(u, roles.get(effectiveRoleId(u))))
    .sort((a, b) => byName(a.family_name, b.family_name) || byName(a.name, b.name) || a.email.localeCompare(b.email));
}

export async function iamUserView(db: Kysely<Database>, user: UserRow): Promise<IamUserView> {
  return toIamUser(user, (await tenantRoleIndex(db, user.tenant_id)).get(effectiveRoleId(user)));
}
