import { api, type ApiPath } from '@helio/contracts';
import { PERMISSION_KEYS } from '@helio/contracts/limits';
import { ENDPOINT_PERMISSIONS, mayCall } from './may-call';

const OPERATOR = {
  permissions: ['plants:read', 'devices:read', 'metrics:read', 'notifications:read', 'notifications:manage', 'devices:control'],
};

describe('what a user may call', () => {
  it('names a permission of the catalogue for every guarded endpoint', () => {
    for (const permission of Object.values(ENDPOINT_PERMISSIONS)) expect(PERMISSION_KEYS).toContain(permission);
  });

  it('names for each endpoint the permission its contract entry gives the server', () => {
    const table = Object.entries(ENDPOINT_PERMISSIONS) as [ApiPath, string][];
    expect(table.map(([path]) => [path, api[path].access.permission])).toEqual(table);
  });

  it('lets an operator control devices but not create or change plants, tags or access', () => {
    expect(mayCall(OPERATOR, 'iot/thing/shadow/desired')).toBe(true);
    expect(mayCall(OPERATOR, 'rc/fleet/apply')).toBe(true);
    for (const path of ['plant/create', 'plant/update', 'plant/tags/set', 'tag/create', 'plant/access/update', 'device/create'] as const)
      expect([path, mayCall(OPERATOR, path)]).toEqual([path, false]);
  });

  it('offers nothing while the user is not known yet', () => {
    expect(mayCall(undefined, 'iot/thing/shadow/desired')).toBe(false);
  });
});
