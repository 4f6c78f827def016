// A uPlot chart of any app. uPlot itself is a lazy chunk of shared-utils, fetched the first time a
// chart is drawn; until then a box of the chart's height holds its place.
import React, { lazy, Suspense } from 'react';

export type { ChartOptions, UplotChartProps } from './chart-types';
import type { UplotChartProps } from './chart-types';

const UplotCanvas = lazy(() => import(/* webpackChunkName: "uplot-canvas" */ './uplot-canvas'));

export function UplotChart(props: UplotChartProps) {
  const placeholder = (
    <div className={props.className} style={{ height: props.height }} role="img" aria-label={props.ariaLabel} aria-busy="true" />
  );
  return (
    <Suspense fallback={placeholder}>
      <UplotCanvas {...props} />
    </Suspense>
  );
}
