// IAM answers for component tests, shaped like the server's.
import type { IamRole, IamUser, PermissionView, SessionView } from '@helio/shared-utils';

export const iamUser = (overrides: Partial<IamUser> = {}): IamUser => ({
  id: 'user-2',
  email: 'operator@helio.local',
  name: 'Petr',
  family_name: 'Dvořák',
  picture: null,
  role: { id: 'operator', name: 'Operator', builtIn: true },
  modules: ['monitoring', 'notifications'],
  locale: 'cs',
  status: 'active',
  invitationExpiresAt: null,
  lastSignInAt: '2026-03-01T08:30:00.000Z',
  createdAt: '2026-01-01T08:00:00.000Z',
  ...overrides,
});

export const USERS: IamUser[] = [
  iamUser({
    id: 'user-1',
    email: 'admin@helio.local',
    name: 'Jana',
    family_name: 'Nováková',
    role: { id: 'owner', name: 'Owner', builtIn: true },
  }),
  iamUser(),
];

export const ROLES: IamRole[] = [
  { id: 'owner', name: 'Owner', builtIn: true, description: 'Everything', permissions: ['iam:manage'], userCount: 1 },
  { id: 'viewer', name: 'Viewer', builtIn: true, description: 'Watches', permissions: ['plants:read'], userCount: 0 },
  { id: 'r-tech', name: 'Technik', builtIn: false, description: 'Servis', permissions: ['devices:control'], userCount: 1 },
];

export const PERMISSIONS: PermissionView[] = [
  { key: 'iam:manage', description: 'Invite, change…', grantedBy: [{ id: 'owner', name: 'Owner', builtIn: true }] },
  { key: 'devices:control', description: 'Change device settings', grantedBy: [{ id: 'r-tech', name: 'Technik', builtIn: false }] },
];

export const SESSIONS: SessionView[] = [
  {
    id: 's-1',
    device: 'Chrome on Linux',
    userAgent: 'ua',
    address: '127.0.0.1',
    createdAt: '2026-03-01T08:00:00.000Z',
    lastUsedAt: '2026-03-01T09:00:00.000Z',
    current: true,
  },
  {
    id: 's-2',
    device: 'Firefox on Windows',
    userAgent: 'ua',
    address: '10.0.0.7',
    createdAt: '2026-02-01T08:00:00.000Z',
    lastUsedAt: '2026-02-02T09:00:00.000Z',
    current: false,
  },
];
