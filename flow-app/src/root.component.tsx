// Routes of the flow app: the power-flow diagram and energy management. Each page is its own lazy
// chunk, so @xyflow/react loads only when /flow or /ems is opened.
import React, { lazy } from 'react';
import { ManifestRoutes } from '@helio/shared-utils';
import { manifest } from './manifest';

const FlowPage = lazy(() => import(/* webpackChunkName: "flow" */ './flow/flow.component'));
const EmsPage = lazy(() => import(/* webpackChunkName: "ems" */ './ems/ems.component'));

export function Root() {
  return <ManifestRoutes manifest={manifest} pages={{ flow: <FlowPage />, ems: <EmsPage /> }} />;
}
