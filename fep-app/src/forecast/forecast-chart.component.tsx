// The next 48 hours: PV, load and surplus in kW, PV and surplus with their p10–p90 bands shaded.
import React, { useMemo } from 'react';
import type uPlot from 'uplot';
import { formatDateTime, formatNumber, UplotChart, type ChartOptions } from '@helio/shared-utils';
import type { ForecastColumns } from './forecast-data';

const HEIGHT = 320;
const PV = '#d99e0b';
const LOAD = '#2d72d2';
const SURPLUS = '#238551';

export interface ForecastChartLabels {
  time: string;
  pv: string;
  pvLow: string;
  pvHigh: string;
  load: string;
  surplus: string;
  surplusLow: string;
  surplusHigh: string;
  aria: string;
}

export function ForecastChart({ columns, labels, timeZone }: { columns: ForecastColumns; labels: ForecastChartLabels; timeZone: string }) {
  const options = useMemo<ChartOptions>(() => {
    const power = (v: number | null) => (v === null ? '–' : `${formatNumber(v, { maximumFractionDigits: 2 })}\u00a0kW`);
    const at = (seconds: number, format: Intl.DateTimeFormatOptions) => formatDateTime(seconds * 1000, { ...format, timeZone });
    const bound = (label: string, stroke: string): uPlot.Series => ({ label, stroke, width: 1, dash: [4, 4], value: (_u, v) => power(v) });
    return {
      scales: { x: { time: false } },
      series: [
        { label: labels.time, value: (_u, v) => (v === null ? '–' : at(v, { weekday: 'short', hour: '2-digit', minute: '2-digit' })) },
        { label: labels.pv, stroke: PV, width: 2, value: (_u, v) => power(v) },
        bound(labels.pvLow, 'rgba(217, 158, 11, 0.5)'),
        bound(labels.pvHigh, 'rgba(217, 158, 11, 0.5)'),
        { label: labels.load, stroke: LOAD, width: 2, value: (_u, v) => power(v) },
        { label: labels.surplus, stroke: SURPLUS, width: 2, value: (_u, v) => power(v) },
        bound(labels.surplusLow, 'rgba(35, 133, 81, 0.5)'),
        bound(labels.surplusHigh, 'rgba(35, 133, 81, 0.5)'),
      ],
      bands: [
        { series: [3, 2], fill: 'rgba(217, 158, 11, 0.18)' },
        { series: [7, 6], fill: 'rgba(35, 133, 81, 0.14)' },
      ],
      axes: [
        {
          splits: () => columns[0].filter((_s, i) => i % 24 === 0),
          values: (_u, splits) => splits.map((s) => at(s, { weekday: 'short', hour: '2-digit', minute: '2-digit' })),
        },
        { size: 60, values: (_u, splits) => splits.map((v) => formatNumber(v, { maximumFractionDigits: 1 })), label: 'kW' },
      ],
    };
  }, [columns, labels, timeZone]);
  return (
    <UplotChart
      options={options}
      data={columns}
      height={HEIGHT}
      className="helio-forecast__chart"
      ariaLabel={labels.aria}
      testId="forecast-chart"
    />
  );
}
