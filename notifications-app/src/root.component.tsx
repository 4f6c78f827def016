// Routes of the notifications app: the notification centre and the user's notification schedule.
import React, { lazy } from 'react';
import { ManifestRoutes } from '@helio/shared-utils';
import { manifest } from './manifest';

const NotificationCentrePage = lazy(
  () => import(/* webpackChunkName: "notification-centre" */ './notification-centre/notification-centre.component'),
);
const NotificationSchedulePage = lazy(
  () => import(/* webpackChunkName: "notification-schedule" */ './notification-schedule/notification-schedule.component'),
);

export function Root() {
  return (
    <ManifestRoutes
      manifest={manifest}
      pages={{ notificationCentre: <NotificationCentrePage />, notificationSchedule: <NotificationSchedulePage /> }}
    />
  );
}
