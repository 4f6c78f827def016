// Routes of the integrations app: API keys, webhooks and the API reference; the plants' data sources;
// the releases of the console's modules.
import { lazyPage, ManifestRoutes, pagePreloader } from '@helio/shared-utils';
import { manifest } from './manifest';
import './integrations.css';

const IntegrationsPage = lazyPage(() => import(/* webpackChunkName: "integrations" */ './integrations-page/integrations.component'));
const SourcesPage = lazyPage(() => import(/* webpackChunkName: "sources" */ './sources/sources.component'));
const ReleasesPage = lazyPage(() => import(/* webpackChunkName: "releases" */ './releases/releases.component'));

// The code helioApplication waits for: the page of the URL the app mounts on.
export const preloadPageAt = pagePreloader(manifest, { overview: IntegrationsPage, sources: SourcesPage, releases: ReleasesPage });

export function Root() {
  return (
    <ManifestRoutes manifest={manifest} pages={{ overview: <IntegrationsPage />, sources: <SourcesPage />, releases: <ReleasesPage /> }} />
  );
}
