import { roleDraftOf, roleInput, roleProblems } from './role-form';

describe('the role form', () => {
  it('needs a name and at least one permission', () => {
    expect(roleProblems(roleDraftOf())).toEqual(['nameRequired', 'noPermissions']);
    expect(roleProblems({ name: 'x'.repeat(61), description: 'y'.repeat(301), permissions: ['plants:read'] })).toEqual([
      'nameTooLong',
      'descriptionTooLong',
    ]);
    expect(roleProblems({ name: 'Technik', description: '', permissions: ['plants:read'] })).toEqual([]);
  });

  it('sends the permissions in the catalogue order, trimmed texts', () => {
    const order = ['plants:read', 'devices:read', 'devices:control'];
    expect(roleInput({ name: ' Technik ', description: ' Servis ', permissions: ['devices:control', 'plants:read'] }, order)).toEqual({
      name: 'Technik',
      description: 'Servis',
      permissions: ['plants:read', 'devices:control'],
    });
  });

  it('starts an edit from the role as it is', () => {
    const role = { id: 'r1', name: 'Technik', builtIn: false, description: 'Servis', permissions: ['plants:read'], userCount: 0 };
    expect(roleDraftOf(role)).toEqual({ name: 'Technik', description: 'Servis', permissions: ['plants:read'] });
  });
});
