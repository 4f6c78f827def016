// Production and consumption per bucket as grouped uPlot bars (production left, consumption right).
import React, { useMemo } from 'react';
import uPlot from 'uplot';
import { formatNumber, UplotChart, type ChartOptions } from '@helio/shared-utils';

const HEIGHT = 300;
const PRODUCED = '#8fd14f'; // the product's lime green
const CONSUMED = '#4c90f0';

export interface EnergyBarsProps {
  /** bucket starts in seconds, produced kWh, consumed kWh */
  columns: [number[], number[], number[]];
  labels: { time: string; produced: string; consumed: string };
  formatTick: (seconds: number) => string;
  ariaLabel: string;
}

const kwh = (value: number | null) => (value === null ? '–' : `${formatNumber(value, { maximumFractionDigits: 2 })}\u00a0kWh`);

export function EnergyBars({ columns, labels, formatTick, ariaLabel }: EnergyBarsProps) {
  const options = useMemo<ChartOptions>(() => {
    const bars = (align: -1 | 1) => uPlot.paths.bars?.({ size: [0.4, 48], align });
    return {
      // Bars sit on their bucket's start: pad the x range by half a bucket on both sides.
      scales: { x: { time: false, range: (_u, min, max) => [min - 0.5 * bucketWidth(columns[0]), max + 0.5 * bucketWidth(columns[0])] } },
      series: [
        { label: labels.time, value: (_u, v) => (v === null ? '–' : formatTick(v)) },
        { label: labels.produced, fill: PRODUCED, stroke: PRODUCED, paths: bars(-1), points: { show: false }, value: (_u, v) => kwh(v) },
        { label: labels.consumed, fill: CONSUMED, stroke: CONSUMED, paths: bars(1), points: { show: false }, value: (_u, v) => kwh(v) },
      ],
      axes: [
        {
          splits: () => columns[0].filter((_x, i) => i % tickStep(columns[0].length) === 0),
          values: (_u, splits) => splits.map(formatTick),
        },
        { size: 70, values: (_u, splits) => splits.map((v) => formatNumber(v, { maximumSignificantDigits: 3 })), label: 'kWh' },
      ],
    };
  }, [columns, labels, formatTick]);
  return (
    <UplotChart
      options={options}
      data={columns}
      height={HEIGHT}
      className="helio-metric-chart"
      ariaLabel={ariaLabel}
      testId="energy-bars"
    />
  );
}

/** At most about twelve labelled ticks, so a month's days do not overlap. */
function tickStep(count: number): number {
  return Math.max(1, Math.ceil(count / 12));
}

function bucketWidth(xs: readonly number[]): number {
  return xs.length > 1 ? xs[1] - xs[0] : 3600;
}
