// Routes of the notifications app: the notification centre and the user's notification schedule.
import React from 'react';
import { lazyPage, ManifestRoutes, pagePreloader } from '@helio/shared-utils';
import { manifest } from './manifest';

const NotificationCentrePage = lazyPage(
  () => import(/* webpackChunkName: "notification-centre" */ './notification-centre/notification-centre.component'),
);
const NotificationSchedulePage = lazyPage(
  () => import(/* webpackChunkName: "notification-schedule" */ './notification-schedule/notification-schedule.component'),
);

// The code helioApplication waits for: the page of the URL the app mounts on.
export const preloadPageAt = pagePreloader(manifest, {
  notificationCentre: NotificationCentrePage,
  notificationSchedule: NotificationSchedulePage,
});

export function Root() {
  return (
    <ManifestRoutes
      manifest={manifest}
      pages={{ notificationCentre: <NotificationCentrePage />, notificationSchedule: <NotificationSchedulePage /> }}
    />
  );
}
