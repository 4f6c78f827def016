// The auth-app's routes, in the auth layout: sign-in, sign-out, forgot / set new password, and
// not-found for everything else.
import { lazyPage, ManifestRoutes, pagePreloader } from '@helio/shared-utils';
import { AuthLayout } from './auth-layout/auth-layout.component';
import { manifest } from './manifest';

// The pages are named exports. Read after the await, not in a .then(): Promise.then would infer its
// rejection type from lazyPage's own parameter and leave the page's props type unresolvable.
const SignIn = lazyPage(async () => ({ default: (await import(/* webpackChunkName: "sign-in" */ './sign-in/sign-in.component')).SignIn }));
const SignOut = lazyPage(async () => ({ default: (await import('./sign-out/sign-out.component')).SignOut }));
const ForgotPassword = lazyPage(async () => ({ default: (await import('./forgot-password/forgot-password.component')).ForgotPassword }));
const SetNewPassword = lazyPage(async () => ({ default: (await import('./set-new-password/set-new-password.component')).SetNewPassword }));
const NotFound = lazyPage(async () => ({ default: (await import('./not-found/not-found.component')).NotFound }));

// The code helioApplication waits for: the page of the URL the app mounts on.
export const preloadPageAt = pagePreloader(manifest, {
  signIn: SignIn,
  signOut: SignOut,
  forgotPassword: ForgotPassword,
  setNewPassword: SetNewPassword,
  notFound: NotFound,
});

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
