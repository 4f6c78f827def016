// Routes of the account app: the user's account, security, and identity and access administration.
import React, { lazy, Suspense, type ReactNode } from 'react';
import { BrowserRouter, Route, Routes } from 'react-router-dom';
import { FullScreenSpinner, HelioProviders } from '@helio/shared-utils';
import { IamPageNotFound } from './access/iam-page-not-found.component';
import { PermissionGate } from './access/permission-gate.component';
import { AUDIT_READ, IAM_MANAGE } from './access/permissions';
import './common/account.css';

// Opt in to v7 behaviour now: no deprecation warnings, no change when react-router moves on.
const ROUTER_FUTURE = { v7_startTransition: true, v7_relativeSplatPath: true } as const;

const MyAccountPage = lazy(() => import(/* webpackChunkName: "my-account" */ './my-account/my-account.component'));
const SecurityPage = lazy(() => import(/* webpackChunkName: "security" */ './security/security.component'));
const UsersPage = lazy(() => import(/* webpackChunkName: "iam-users" */ './iam-users/users.component'));
const RolesPage = lazy(() => import(/* webpackChunkName: "iam-roles" */ './iam-roles/roles.component'));
const PermissionsPage = lazy(() => import(/* webpackChunkName: "iam-permissions" */ './iam-permissions/permissions.component'));
const AuditLogPage = lazy(() => import(/* webpackChunkName: "audit-log" */ './audit-log/audit-log.component'));

const gated = (permission: string, page: ReactNode) => <PermissionGate permission={permission}>{page}</PermissionGate>;

export function Root() {
  return (
    <HelioProviders>
      <BrowserRouter future={ROUTER_FUTURE}>
        <Suspense fallback={<FullScreenSpinner />}>
          <Routes>
            <Route path="/my-account" element={<MyAccountPage />} />
            <Route path="/my-account/security" element={<SecurityPage />} />
            <Route path="/my-account/iam/users" element={gated(IAM_MANAGE, <UsersPage />)} />
            <Route path="/my-account/iam/roles" element={gated(IAM_MANAGE, <RolesPage />)} />
            <Route path="/my-account/iam/permissions" element={gated(IAM_MANAGE, <PermissionsPage />)} />
            <Route path="/my-account/iam/audit" element={gated(AUDIT_READ, <AuditLogPage />)} />
            <Route path="/my-account/iam/*" element={<IamPageNotFound />} />
            <Route path="*" element={null} />
          </Routes>
        </Suspense>
      </BrowserRouter>
    </HelioProviders>
  );
}
