// Routes of the flow app: the power-flow diagram and energy management. Each page is its own lazy
// chunk, so @xyflow/react loads only when /flow or /ems is opened.
import React from 'react';
import { lazyPage, ManifestRoutes, pagePreloader } from '@helio/shared-utils';
import { manifest } from './manifest';

const FlowPage = lazyPage(() => import(/* webpackChunkName: "flow" */ './flow/flow.component'));
const EmsPage = lazyPage(() => import(/* webpackChunkName: "ems" */ './ems/ems.component'));

// The code helioApplication waits for: the page of the URL the app mounts on.
export const preloadPageAt = pagePreloader(manifest, { flow: FlowPage, ems: EmsPage });

export function Root() {
  return <ManifestRoutes manifest={manifest} pages={{ flow: <FlowPage />, ems: <EmsPage /> }} />;
}
