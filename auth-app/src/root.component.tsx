// The auth-app's routes (SPEC §2, auth layout): sign-in, sign-out, and not-found for everything else.
import { lazy, Suspense } from 'react';
import { BrowserRouter, Route, Routes } from 'react-router-dom';
import { FullScreenSpinner, HelioProviders } from '@helio/shared-utils';
import { AuthLayout } from './auth-layout/auth-layout.component';

const SignIn = lazy(() => import('./sign-in/sign-in.component').then((m) => ({ default: m.SignIn })));
const SignOut = lazy(() => import('./sign-out/sign-out.component').then((m) => ({ default: m.SignOut })));
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
              <Route path="*" element={<NotFound />} />
            </Route>
          </Routes>
        </Suspense>
      </BrowserRouter>
    </HelioProviders>
  );
}
