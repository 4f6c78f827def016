// Routes of the integrations app: API keys, webhooks and the API reference; the plants' data sources;
// the releases of the console's modules.
import { lazy } from 'react';
import { ManifestRoutes } from '@helio/shared-utils';
import { manifest } from './manifest';
import './integrations.css';

const IntegrationsPage = lazy(() => import(/* webpackChunkName: "integrations" */ './integrations-page/integrations.component'));
const SourcesPage = lazy(() => import(/* webpackChunkName: "sources" */ './sources/sources.component'));
const ReleasesPage = lazy(() => import(/* webpackChunkName: "releases" */ './releases/releases.component'));

export function Root() {
  return (
    <ManifestRoutes manifest={manifest} pages={{ overview: <IntegrationsPage />, sources: <SourcesPage />, releases: <ReleasesPage /> }} />
  );
}
