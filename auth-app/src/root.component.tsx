// The auth-app's routes (SPEC §2, auth layout): sign-in, sign-out, forgot / set new password, and
// not-found for everything else.
import { lazy, Suspense } from 'react';
import { BrowserRouter, Route, Routes } from 'react-router-dom';
import { FullScreenSpinner, HelioProviders } from '@helio/shared-utils';
import { AuthLayout } from './auth-layout/auth-layout.component';

const SignIn = lazy(() => import(/* webpackChunkName: "sign-in" */ './sign-in/sign-in.component').then((m) => ({ default: m.SignIn })));
const SignOut = lazy(() => import('./sign-out/sign-out.component').then((m) => ({ default: m.SignOut })));
const ForgotPassword = lazy(() =>
  import('./forgot-password/forgot-password.component').then((m) => ({ default: m.ForgotPassword })),
);
const SetNewPassword = lazy(() =>
  import('./set-new-password/set-new-password.component').then((m) => ({ default: m.SetNewPassword })),
);
const NotFound = lazy(() => import('./not-found/not-found.component').then((m) => ({ default: m.NotFound })));

export function Root() {
  return (
    <HelioProviders>
      <BrowserRouter future={{ v7_startTransition: true, v7_relativeSplatPath: true }}>
        <Suspense fallback={<FullScreenSpinner />}>
          <Routes>
            <Route element={<AuthLayout />}>
              <Route path="/auth" element={<SignIn />} />
              <Route path="/auth/sign-in" element={<SignIn />} />
              <Route path="/auth/sign-out" element={<SignOut />} />
              <Route path="/auth/forgot-password" element={<ForgotPassword />} />
              <Route path="/auth/set-new-password" element={<SetNewPassword />} />
              <Route path="*" element={<NotFound />} />
            </Route>
          </Routes>
        </Suspense>
      </BrowserRouter>
    </HelioProviders>
  );
}
