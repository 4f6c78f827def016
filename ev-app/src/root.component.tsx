// Routes of the EV app: /ev, the active plant's chargers live with their settings and charge plan,
// the plant's sessions, and every charger of the fleet.
import { lazy } from 'react';
import { ManifestRoutes } from '@helio/shared-utils';
import { manifest } from './manifest';

const EvPage = lazy(() => import(/* webpackChunkName: "ev" */ './ev/ev-page.component'));

export function Root() {
  return <ManifestRoutes manifest={manifest} pages={{ electricVehicles: <EvPage /> }} />;
}
