// One metric over time in uPlot: the bucket average as a line between its minimum and maximum.
// uPlot draws on a canvas, so it is created once per data set and only resized afterwards.
import React, { useEffect, useRef } from 'react';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import { formatDateTime } from '@helio/shared-utils';
import type { ChartColumns } from './series';

const CHART_HEIGHT = 320;
const ACCENT = '#8fd14f'; // the product's lime green (SPEC §9)
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
}

/** Axis ticks in the interface's locale, coarser as the visible span grows. */
function tickFormat(spanSeconds: number): Intl.DateTimeFormatOptions {
  if (spanSeconds <= TWO_DAYS_S) return { hour: '2-digit', minute: '2-digit' };
  if (spanSeconds <= SIXTY_DAYS_S) return { day: 'numeric', month: 'numeric' };
  return { month: 'short', year: 'numeric' };
}

export function MetricChart({ columns, xRange, labels, formatValue, ariaLabel }: MetricChartProps) {
  const host = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const element = host.current;
    if (!element) return undefined;
    const legendValue = (_u: uPlot, value: number | null) => (value === null ? '–' : formatValue(value));
    const options: uPlot.Options = {
      width: Math.max(element.clientWidth, 200),
      height: CHART_HEIGHT,
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
    const chart = new uPlot(options, columns, element);
    const resize = new ResizeObserver(() => chart.setSize({ width: Math.max(element.clientWidth, 200), height: CHART_HEIGHT }));
    resize.observe(element);
    return () => {
      resize.disconnect();
      chart.destroy();
    };
  }, [columns, xRange, labels, formatValue]);

  return <div ref={host} className="helio-metric-chart" role="img" aria-label={ariaLabel} data-testid="metric-chart" />;
}
