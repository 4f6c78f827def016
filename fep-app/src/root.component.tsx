// Routes of the forecasting app: /fep, the active plant's forecast and its accuracy.
import { lazyPage, ManifestRoutes, pagePreloader } from '@helio/shared-utils';
import { manifest } from './manifest';

const ForecastPage = lazyPage(() => import(/* webpackChunkName: "forecast" */ './forecast/forecast.component'));

// The code helioApplication waits for: the page of the URL the app mounts on.
export const preloadPageAt = pagePreloader(manifest, { forecasting: ForecastPage });

export function Root() {
  return <ManifestRoutes manifest={manifest} pages={{ forecasting: <ForecastPage /> }} />;
}
