import { hasPermission } from './permissions';

describe('hasPermission', () => {
  it("answers from the user's permissions; no user yet grants nothing", () => {
    expect(hasPermission({ permissions: ['plants:read', 'plants:write'] }, 'plants:write')).toBe(true);
    expect(hasPermission({ permissions: ['plants:read'] }, 'plants:write')).toBe(false);
    expect(hasPermission(undefined, 'plants:read')).toBe(false);
  });
});
