// Plant access calls (server/src/plants/access-routes.ts): who may see a plant and their role
// on it. Tenant owners and admins see every plant (everyPlant) and are listed as its owners.

/** viewer: sees the plant; operator: also device settings (desired state); owner: also plant settings, gateway login and access. */
export type PlantRole = 'viewer' | 'operator' | 'owner';

export const PLANT_ROLES: readonly PlantRole[] = ['viewer', 'operator', 'owner'];

export interface PlantAccessUser {
  userId: string;
  email: string;
  name: string;
  familyName: string;
  role: PlantRole;
  /** Their tenant role: a built-in key or a custom role id. */
  tenantRoleId: string;
  status: 'active' | 'invited' | 'disabled';
  /** A tenant owner or admin: sees every plant; their access cannot be changed on a plant. */
  everyPlant: boolean;
}

export interface PlantAccessInviteRequest {
  id: string;
  email: string;
  role: PlantRole;
  /** Needed only for an e-mail without an account (it is then invited, which needs iam:manage). */
  name?: string;
  familyName?: string;
  locale?: 'cs' | 'en';
}

export interface PlantAccessEndpoints {
  'plant/access/list': { request: { id: string }; response: { users: PlantAccessUser[] } };
  /** 409 AlreadyHasAccess / SeesEveryPlant / UserDisabled / UserExists; 400 without a name for someone new; 403 without iam:manage for someone new. */
  'plant/access/invite': { request: PlantAccessInviteRequest; response: { user: PlantAccessUser; invited: boolean } };
  /** Sets the role (grants it when the user had no access). */
  'plant/access/update': { request: { id: string; userId: string; role: PlantRole }; response: PlantAccessUser };
  'plant/access/remove': { request: { id: string; userId: string }; response: { removed: boolean } };
}
