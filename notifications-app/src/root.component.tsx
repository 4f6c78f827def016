// Routes of the notifications app: the notification centre and the user's notification schedule.
import React, { lazy, Suspense } from 'react';
import { BrowserRouter, Route, Routes } from 'react-router-dom';
import { FullScreenSpinner, HelioProviders, ModuleGate } from '@helio/shared-utils';

// Opt in to v7 behaviour now: no deprecation warnings, no change when react-router moves on.
const ROUTER_FUTURE = { v7_startTransition: true, v7_relativeSplatPath: true } as const;

/** The notification centre is the `notifications` module; the schedule is the user's own account setting. */
export const NOTIFICATIONS_MODULE = 'notifications';

const NotificationCentrePage = lazy(() => import(/* webpackChunkName: "notification-centre" */ './notification-centre/notification-centre.component'));
const NotificationSchedulePage = lazy(
  () => import(/* webpackChunkName: "notification-schedule" */ './notification-schedule/notification-schedule.component'),
);

export function Root() {
  return (
    <HelioProviders>
      <BrowserRouter future={ROUTER_FUTURE}>
        <Suspense fallback={<FullScreenSpinner />}>
          <Routes>
            <Route
              path="/notifications"
              element={
                <ModuleGate module={NOTIFICATIONS_MODULE}>
                  <NotificationCentrePage />
                </ModuleGate>
              }
            />
            <Route path="/my-account/notifications" element={<NotificationSchedulePage />} />
            <Route path="*" element={null} />
          </Routes>
        </Suspense>
      </BrowserRouter>
    </HelioProviders>
  );
}
