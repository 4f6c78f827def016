// Routes of the account app: the user's account, security, and identity and access administration
// (each IAM page behind the permission it needs).
import React, { type ReactNode } from 'react';
import { lazyPage, ManifestRoutes, pagePreloader } from '@helio/shared-utils';
import { IamPageNotFound } from './access/iam-page-not-found.component';
import { PermissionGate } from './access/permission-gate.component';
import { AUDIT_READ, IAM_MANAGE } from './access/permissions';
import { manifest } from './manifest';
import './common/account.css';

const MyAccountPage = lazyPage(() => import(/* webpackChunkName: "my-account" */ './my-account/my-account.component'));
const SecurityPage = lazyPage(() => import(/* webpackChunkName: "security" */ './security/security.component'));
const UsersPage = lazyPage(() => import(/* webpackChunkName: "iam-users" */ './iam-users/users.component'));
const RolesPage = lazyPage(() => import(/* webpackChunkName: "iam-roles" */ './iam-roles/roles.component'));
const PermissionsPage = lazyPage(() => import(/* webpackChunkName: "iam-permissions" */ './iam-permissions/permissions.component'));
const AuditLogPage = lazyPage(() => import(/* webpackChunkName: "audit-log" */ './audit-log/audit-log.component'));

const gated = (permission: string, page: ReactNode) => <PermissionGate permission={permission}>{page}</PermissionGate>;

// The code helioApplication waits for: the page of the URL the app mounts on.
export const preloadPageAt = pagePreloader(manifest, {
  myAccount: MyAccountPage,
  security: SecurityPage,
  users: UsersPage,
  roles: RolesPage,
  permissions: PermissionsPage,
  audit: AuditLogPage,
  iamNotFound: IamPageNotFound,
});

export function Root() {
  return (
    <ManifestRoutes
      manifest={manifest}
      pages={{
        myAccount: <MyAccountPage />,
        security: <SecurityPage />,
        users: gated(IAM_MANAGE, <UsersPage />),
        roles: gated(IAM_MANAGE, <RolesPage />),
        permissions: gated(IAM_MANAGE, <PermissionsPage />),
        audit: gated(AUDIT_READ, <AuditLogPage />),
        iamNotFound: <IamPageNotFound />,
      }}
    />
  );
}
