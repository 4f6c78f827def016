// Today's power as lines in uPlot, in its own lazy chunk so uPlot is not part of the dashboard's
// first load. Values keep their device sign: grid import and battery discharge above zero.
import React, { useMemo, useRef } from 'react';
import type uPlot from 'uplot';
import { formatDateTime, formatPower } from '@helio/shared-utils';
import { useUplot, type ChartOptions } from '../common/use-uplot';
import type { TodayColumns, TodayPowerMetric } from './today-power';

const CHART_HEIGHT = 280;
const COLOURS: Record<TodayPowerMetric, string> = {
  ActPwrPve: '#8fd14f', // the product's lime green (SPEC §9)
  ActPwrLoad: '#2d72d2',
  ActPwrGrid: '#738091',
  ActPwrBat: '#c87619',
};

export interface TodayPowerChartProps {
  columns: TodayColumns;
  metrics: readonly TodayPowerMetric[];
  /** seconds: the plant's midnight and now */
  xRange: [number, number];
  labels: { time: string } & Record<TodayPowerMetric, string>;
  ariaLabel: string;
}

export default function TodayPowerChart({ columns, metrics, xRange, labels, ariaLabel }: TodayPowerChartProps) {
  const host = useRef<HTMLDivElement>(null);
  const options = useMemo<ChartOptions>(() => {
    const legendValue = (_u: uPlot, value: number | null) => (value === null ? '–' : formatPower(value));
    return {
      scales: { x: { time: true, range: () => xRange } },
      series: [
        { label: labels.time, value: (_u, seconds) => (seconds === null ? '–' : formatDateTime(seconds * 1000)) },
        ...metrics.map((metric) => ({ label: labels[metric], stroke: COLOURS[metric], width: 2, spanGaps: false, value: legendValue })),
      ],
      axes: [
        { values: (_u, splits) => splits.map((s) => formatDateTime(s * 1000, { hour: '2-digit', minute: '2-digit' })) },
        { size: 80, values: (_u, splits) => splits.map((v) => formatPower(v)) },
      ],
    };
  }, [xRange, metrics, labels]);
  useUplot(host, options, columns as uPlot.AlignedData, CHART_HEIGHT);
  return <div ref={host} className="helio-today-power__chart" role="img" aria-label={ariaLabel} data-testid="today-power-chart" />;
}
