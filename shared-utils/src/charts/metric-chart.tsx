// One metric over time in uPlot: the bucket average as a line between its minimum and maximum. The
// metric logs (monitoring-app) and a device's history (management-app) draw the same chart.
import React, { useMemo } from 'react';
import type uPlot from 'uplot';
import { formatDateTime } from '../i18n/i18n';
import type { ChartColumns } from './chart-columns';
import { UplotChart, type ChartOptions } from './uplot-chart';

const CHART_HEIGHT = 320;
const ACCENT = '#8fd14f'; // the product's lime green
const BAND = 'rgba(143, 209, 79, 0.35)';
const TWO_DAYS_S = 2 * 86_400;
const SIXTY_DAYS_S = 60 * 86_400;

export interface MetricChartProps {
  columns: ChartColumns;
  /** the requested window in seconds: the axis shows all of it, however few buckets have data */
  xRange: [number, number];
  labels: { time: string; avg: string; min: string; max: string };
  formatValue: (value: number) => string;
  ariaLabel: string;
  testId?: string;
}

/** Axis ticks in the interface's locale, coarser as the visible span grows. */
function tickFormat(spanSeconds: number): Intl.DateTimeFormatOptions {
  if (spanSeconds <= TWO_DAYS_S) return { hour: '2-digit', minute: '2-digit' };
  if (spanSeconds <= SIXTY_DAYS_S) return { day: 'numeric', month: 'numeric' };
  return { month: 'short', year: 'numeric' };
}

export function MetricChart({ columns, xRange, labels, formatValue, ariaLabel, testId = 'metric-chart' }: MetricChartProps) {
  const options = useMemo<ChartOptions>(() => {
    const legendValue = (_u: uPlot, value: number | null) => (value === null ? '–' : formatValue(value));
    return {
      scales: { x: { time: true, range: () => xRange } },
      series: [
        { label: labels.time, value: (_u, seconds) => (seconds === null ? '–' : formatDateTime(seconds * 1000)) },
        { label: labels.avg, stroke: ACCENT, width: 2, value: legendValue },
        { label: labels.min, stroke: BAND, width: 1, value: legendValue },
        { label: labels.max, stroke: BAND, width: 1, value: legendValue },
      ],
      bands: [{ series: [3, 2], fill: 'rgba(143, 209, 79, 0.15)' }],
      axes: [
        {
          values: (u, splits) => {
            const span = (u.scales.x.max ?? 0) - (u.scales.x.min ?? 0);
            return splits.map((s) => formatDateTime(s * 1000, tickFormat(span)));
          },
        },
        { size: 80, values: (_u, splits) => splits.map((v) => formatValue(v)) },
      ],
    };
  }, [xRange, labels, formatValue]);
  return (
    <UplotChart
      options={options}
      data={columns}
      height={CHART_HEIGHT}
      className="helio-metric-chart"
      ariaLabel={ariaLabel}
      testId={testId}
    />
  );
}
