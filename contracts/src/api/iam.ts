// Identity and access: the tenant's users (invite, change, disable, enable, delete), roles and the
// permission catalogue with the roles that grant each permission.
import { Type, type Static } from '@sinclair/typebox';
import { EMAIL_MAX, ROLE_DESCRIPTION_MAX, ROLE_NAME_MAX } from '../limits/iam';
import { MODULE_KEYS } from '../limits/modules';
import { PERMISSION_KEYS } from '../limits/permissions';
import { endpoint, Id, IdBody, NoBody, Nullable, Ok, strict, StringEnum, type EndpointTypes, access } from './common';
import { LanguageSchema, ModuleList, PersonName } from './users';

const Modules = Type.Array(StringEnum(MODULE_KEYS), { maxItems: MODULE_KEYS.length, uniqueItems: true });
const Permissions = Type.Array(StringEnum(PERMISSION_KEYS), { maxItems: PERMISSION_KEYS.length, uniqueItems: true });
const RoleName = Type.String({ minLength: 1, maxLength: ROLE_NAME_MAX, pattern: '\\S' });
const RoleDescription = Type.String({ maxLength: ROLE_DESCRIPTION_MAX });

export const IAM_USER_STATUSES = ['active', 'invited', 'disabled'] as const;
export type IamUserStatus = (typeof IAM_USER_STATUSES)[number];

export const RoleRef = Type.Object({ id: Type.String(), name: Type.String(), builtIn: Type.Boolean() });
export type RoleRef = Static<typeof RoleRef>;

export const IamUser = Type.Object({
  id: Type.String(),
  email: Type.String(),
  name: Type.String(),
  family_name: Type.String(),
  picture: Nullable(Type.String()),
  role: RoleRef,
  modules: ModuleList,
  locale: Type.Unsafe<Static<typeof LanguageSchema>>(Type.String()),
  status: StringEnum(IAM_USER_STATUSES),
  invitationExpiresAt: Nullable(Type.String()),
  lastSignInAt: Nullable(Type.String()),
  createdAt: Type.String(),
});
export type IamUser = Static<typeof IamUser>;

export const IamRole = Type.Object({
  id: Type.String(),
  name: Type.String(),
  description: Type.String(),
  builtIn: Type.Boolean(),
  permissions: Type.Array(Type.String()),
  userCount: Type.Integer(),
});
export type IamRole = Static<typeof IamRole>;

export const PermissionView = Type.Object({
  key: Type.String(),
  /** English description from the catalogue; the console shows its own translation. */
  description: Type.String(),
  grantedBy: Type.Array(RoleRef),
});
export type PermissionView = Static<typeof PermissionView>;

export const InviteRequest = Type.Object(
  {
    email: Type.String({ format: 'email', maxLength: EMAIL_MAX }),
    name: PersonName,
    family_name: PersonName,
    role: Id,
    modules: Modules,
    locale: LanguageSchema,
  },
  strict,
);
export type InviteRequest = Static<typeof InviteRequest>;

export const RoleInput = Type.Object({ name: RoleName, description: Type.Optional(RoleDescription), permissions: Permissions }, strict);
export type RoleInput = Static<typeof RoleInput>;

export const iamEndpoints = {
  'iam/users/list': endpoint(
    Type.Object({ search: Type.Optional(Type.String({ maxLength: 200 })) }, strict),
    Type.Object({ users: Type.Array(IamUser) }),
    access('iam:manage'),
  ),
  /**
   * 409 UserExists only for a user of the caller's organisation; an address with an account in another
   * organisation is answered like any invitation (that account is not touched: its owner is mailed).
   * 429 past 50 invitations an hour per organisation.
   */
  'iam/users/invite': endpoint(InviteRequest, IamUser, access('iam:manage', { tenantResources: [{ field: 'role', kind: 'role' }] })),
  'iam/users/update': endpoint(
    Type.Object({ id: Id, role: Type.Optional(Id), modules: Type.Optional(Modules) }, strict),
    IamUser,
    access('iam:manage', { tenantResources: [{ field: 'id', kind: 'user' }] }),
  ),
  'iam/users/disable': endpoint(IdBody, IamUser, access('iam:manage', { tenantResources: [{ field: 'id', kind: 'user' }] })),
  'iam/users/enable': endpoint(IdBody, IamUser, access('iam:manage', { tenantResources: [{ field: 'id', kind: 'user' }] })),
  'iam/users/delete': endpoint(IdBody, Ok, access('iam:manage', { tenantResources: [{ field: 'id', kind: 'user' }] })),
  'iam/roles/list': endpoint(NoBody, Type.Object({ roles: Type.Array(IamRole) }), access('iam:manage')),
  'iam/roles/create': endpoint(RoleInput, IamRole, access('iam:manage')),
  'iam/roles/update': endpoint(
    Type.Object(
      { id: Id, name: Type.Optional(RoleName), description: Type.Optional(RoleDescription), permissions: Type.Optional(Permissions) },
      strict,
    ),
    IamRole,
    access('iam:manage', { tenantResources: [{ field: 'id', kind: 'role' }] }),
  ),
  'iam/roles/delete': endpoint(IdBody, Ok, access('iam:manage', { tenantResources: [{ field: 'id', kind: 'role' }] })),
  'iam/permissions/list': endpoint(NoBody, Type.Object({ permissions: Type.Array(PermissionView) }), access('iam:manage')),
};
export type IamEndpoints = EndpointTypes<typeof iamEndpoints>;
