// Routes of the remote-control app: /rc, behind the rc module.
import { lazy } from 'react';
import { ManifestRoutes } from '@helio/shared-utils';
import { manifest } from './manifest';

const RemoteControlPage = lazy(() => import(/* webpackChunkName: "remote-control" */ './remote-control/remote-control.component'));

export function Root() {
  return <ManifestRoutes manifest={manifest} pages={{ remoteControl: <RemoteControlPage /> }} />;
}
