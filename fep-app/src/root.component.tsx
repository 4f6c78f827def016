// Routes of the forecasting app: /fep, the active plant's forecast and its accuracy.
import { lazy } from 'react';
import { ManifestRoutes } from '@helio/shared-utils';
import { manifest } from './manifest';

const ForecastPage = lazy(() => import(/* webpackChunkName: "forecast" */ './forecast/forecast.component'));

export function Root() {
  return <ManifestRoutes manifest={manifest} pages={{ forecasting: <ForecastPage /> }} />;
}
