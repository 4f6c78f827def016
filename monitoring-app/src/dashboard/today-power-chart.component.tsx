// Today's power as lines in the shared uPlot chart (uPlot is a lazy chunk of shared-utils, so not part
// of the dashboard's first load). Values keep their device sign: grid import and battery discharge above zero.
import React, { useMemo } from 'react';
import type uPlot from 'uplot';
import { formatDateTime, formatPower, UplotChart, type ChartOptions } from '@helio/shared-utils';
import type { TodayColumns, TodayPowerMetric } from './today-power';

const CHART_HEIGHT = 280;
const COLOURS: Record<TodayPowerMetric, string> = {
  ActPwrPve: '#8fd14f', // the product's lime green
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
  return (
    <UplotChart
      options={options}
      data={columns as uPlot.AlignedData}
      height={CHART_HEIGHT}
      className="helio-today-power__chart"
      ariaLabel={ariaLabel}
      testId="today-power-chart"
    />
  );
}
