// What the console offers a user: a form is editable and an action present only when the user's role
// grants the permission the server's route for it checks (its `access('…')`), so nothing a user can
// touch ends in a 403. One table, keyed by the endpoint's contract path; a page asks useMayCall(path)
// (use-may-call.ts).
import type { Permission } from '@helio/contracts/limits';
import type { ApiEndpoints } from '../api/endpoints';
import { hasPermission } from './permissions';

/**
 * The permission each guarded endpoint's route checks: its contract entry's `access` (a test holds the
 * two equal). A copy, so the browser's first load does not carry every endpoint's schemas.
 */
export const ENDPOINT_PERMISSIONS = {
  'plant/create': 'plants:write',
  'plant/update': 'plants:write',
  'plant/access/invite': 'plants:write',
  'plant/access/update': 'plants:write',
  'plant/access/remove': 'plants:write',
  'plant/gateway/credentials/rotate': 'plants:write',
  'plant/tags/set': 'plants:write',
  'tag/create': 'plants:write',
  'tag/update': 'plants:write',
  'tag/delete': 'plants:write',
  'device/create': 'plants:write',
  'device/update': 'plants:write',
  'device/delete': 'plants:write',
  'ev/charger/add': 'plants:write',
  'ev/charger/remove': 'plants:write',
  'ev/charger/password/rotate': 'plants:write',
  'ev/charger/free-charging': 'plants:write',
  'ev/id-tag/add': 'plants:write',
  'ev/id-tag/block': 'plants:write',
  'ev/id-tag/remove': 'plants:write',
  'ev/charger/settings': 'devices:control',
  'ev/vehicle/add': 'devices:control',
  'iot/thing/shadow/desired': 'devices:control',
  'rc/fleet/apply': 'devices:control',
  'notifications/thresholds/save': 'notifications:manage',
} as const satisfies Partial<Record<keyof ApiEndpoints, Permission>>;

export type GuardedEndpoint = keyof typeof ENDPOINT_PERMISSIONS;

/** Whether the user's role lets them call the endpoint; false while the user is not known. */
export function mayCall(user: { permissions?: readonly string[] } | undefined, path: GuardedEndpoint): boolean {
  return hasPermission(user, ENDPOINT_PERMISSIONS[path]);
}
