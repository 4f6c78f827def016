// The auth-app's routes, in the auth layout: sign-in, sign-out, forgot / set new password, and
// not-found for everything else.
import { lazy } from 'react';
import { ManifestRoutes } from '@helio/shared-utils';
import { AuthLayout } from './auth-layout/auth-layout.component';
import { manifest } from './manifest';

const SignIn = lazy(() => import(/* webpackChunkName: "sign-in" */ './sign-in/sign-in.component').then((m) => ({ default: m.SignIn })));
const SignOut = lazy(() => import('./sign-out/sign-out.component').then((m) => ({ default: m.SignOut })));
const ForgotPassword = lazy(() => import('./forgot-password/forgot-password.component').then((m) => ({ default: m.ForgotPassword })));
const SetNewPassword = lazy(() => import('./set-new-password/set-new-password.component').then((m) => ({ default: m.SetNewPassword })));
const NotFound = lazy(() => import('./not-found/not-found.component').then((m) => ({ default: m.NotFound })));

export function Root() {
  return (
    <ManifestRoutes
      manifest={manifest}
      layout={<AuthLayout />}
      pages={{
        signIn: <SignIn />,
        signOut: <SignOut />,
        forgotPassword: <ForgotPassword />,
        setNewPassword: <SetNewPassword />,
        notFound: <NotFound />,
      }}
    />
  );
}
