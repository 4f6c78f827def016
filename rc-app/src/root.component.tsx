// Routes of the remote-control app: /rc, behind the rc module.
import { lazyPage, ManifestRoutes, pagePreloader } from '@helio/shared-utils';
import { manifest } from './manifest';

const RemoteControlPage = lazyPage(() => import(/* webpackChunkName: "remote-control" */ './remote-control/remote-control.component'));

// The code helioApplication waits for: the page of the URL the app mounts on.
export const preloadPageAt = pagePreloader(manifest, { remoteControl: RemoteControlPage });

export function Root() {
  return <ManifestRoutes manifest={manifest} pages={{ remoteControl: <RemoteControlPage /> }} />;
}
