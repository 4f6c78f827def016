// plant/access/*: who may see a plant and their role on it. Tenant owners and admins see every plant
// (everyPlant) and are listed as its owners.
import { Type, type Static } from '@sinclair/typebox';
import { EMAIL_MAX } from '../limits/iam';
import { PLANT_ROLES } from '../limits/plant-roles';
import { endpoint, Id, IdBody, strict, StringEnum, type EndpointTypes, access } from './common';
import { IAM_USER_STATUSES } from './iam';
import { LanguageSchema, PersonName } from './users';

const PlantRoleSchema = StringEnum(PLANT_ROLES);

export const PlantAccessUser = Type.Object({
  userId: Type.String(),
  email: Type.String(),
  name: Type.String(),
  familyName: Type.String(),
  role: PlantRoleSchema,
  /** Their tenant role: a built-in key or a custom role id. */
  tenantRoleId: Type.String(),
  status: StringEnum(IAM_USER_STATUSES),
  /** A tenant owner or admin: sees every plant; their access cannot be changed on a plant. */
  everyPlant: Type.Boolean(),
});
export type PlantAccessUser = Static<typeof PlantAccessUser>;

export const PlantAccessInviteRequest = Type.Object(
  {
    id: Id,
    email: Type.String({ format: 'email', maxLength: EMAIL_MAX }),
    role: PlantRoleSchema,
    /** Needed only for an e-mail no user of the organisation has (it is then invited, which needs iam:manage). */
    name: Type.Optional(PersonName),
    familyName: Type.Optional(PersonName),
    locale: Type.Optional(LanguageSchema),
  },
  strict,
);
export type PlantAccessInviteRequest = Static<typeof PlantAccessInviteRequest>;

export const plantAccessEndpoints = {
  'plant/access/list': endpoint(
    IdBody,
    Type.Object({ users: Type.Array(PlantAccessUser) }),
    access('plants:read', { tenantResources: [{ field: 'id', kind: 'plant' }] }),
  ),
  /**
   * 409 AlreadyHasAccess / SeesEveryPlant / UserDisabled for a user of the organisation; someone new is invited
   * as by iam/users/invite (400 without a name, 403 without iam:manage, 429 past the invitation limit).
   */
  'plant/access/invite': endpoint(
    PlantAccessInviteRequest,
    Type.Object({ user: PlantAccessUser, invited: Type.Boolean() }),
    access('plants:write', { tenantResources: [{ field: 'id', kind: 'plant' }] }),
  ),
  /** Sets the role (grants it when the user had no access). */
  'plant/access/update': endpoint(
    Type.Object({ id: Id, userId: Id, role: PlantRoleSchema }, strict),
    PlantAccessUser,
    access('plants:write', {
      tenantResources: [
        { field: 'id', kind: 'plant' },
        { field: 'userId', kind: 'user' },
      ],
    }),
  ),
  'plant/access/remove': endpoint(
    Type.Object({ id: Id, userId: Id }, strict),
    Type.Object({ removed: Type.Boolean() }),
    access('plants:write', {
      tenantResources: [
        { field: 'id', kind: 'plant' },
        { field: 'userId', kind: 'user' },
      ],
    }),
  ),
};
export type PlantAccessEndpoints = EndpointTypes<typeof plantAccessEndpoints>;
