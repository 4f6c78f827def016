// Routes of the EV app: /ev, the active plant's chargers live with their settings and charge plan,
// the plant's sessions, and every charger of the fleet.
import { lazyPage, ManifestRoutes, pagePreloader } from '@helio/shared-utils';
import { manifest } from './manifest';

const EvPage = lazyPage(() => import(/* webpackChunkName: "ev" */ './ev/ev-page.component'));

// The code helioApplication waits for: the page of the URL the app mounts on.
export const preloadPageAt = pagePreloader(manifest, { electricVehicles: EvPage });

export function Root() {
  return <ManifestRoutes manifest={manifest} pages={{ electricVehicles: <EvPage /> }} />;
}
