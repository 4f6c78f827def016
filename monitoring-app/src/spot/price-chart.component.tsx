// Prices over today and tomorrow as a stepped uPlot line: a price holds for its whole period.
import React, { useMemo } from 'react';
import uPlot from 'uplot';
import { formatDateTime, formatNumber, UplotChart, type ChartOptions } from '@helio/shared-utils';

const HEIGHT = 280;
const ACCENT = '#8fd14f';

export interface PriceChartProps {
  /** period starts in seconds and EUR/MWh */
  columns: [number[], number[]];
  label: string;
  timeLabel: string;
  timeZone: string;
  ariaLabel: string;
}

export function PriceChart({ columns, label, timeLabel, timeZone, ariaLabel }: PriceChartProps) {
  const options = useMemo<ChartOptions>(() => {
    const price = (v: number | null) => (v === null ? '–' : `${formatNumber(v, { maximumFractionDigits: 2 })}\u00a0EUR/MWh`);
    const at = (seconds: number, format: Intl.DateTimeFormatOptions) => formatDateTime(seconds * 1000, { ...format, timeZone });
    return {
      scales: { x: { time: false } },
      series: [
        { label: timeLabel, value: (_u, v) => (v === null ? '–' : at(v, { weekday: 'short', hour: '2-digit', minute: '2-digit' })) },
        {
          label,
          stroke: ACCENT,
          width: 2,
          fill: 'rgba(143, 209, 79, 0.15)',
          paths: uPlot.paths.stepped?.({ align: 1 }),
          value: (_u, v) => price(v),
        },
      ],
      axes: [
        {
          splits: () => columns[0].filter((_s, i) => i % 3 === 0),
          values: (_u, splits) => splits.map((s) => at(s, { hour: '2-digit', minute: '2-digit' })),
        },
        { size: 70, values: (_u, splits) => splits.map((v) => formatNumber(v, { maximumFractionDigits: 0 })), label: 'EUR/MWh' },
      ],
    };
  }, [columns, label, timeLabel, timeZone]);
  return (
    <UplotChart
      options={options}
      data={columns}
      height={HEIGHT}
      className="helio-metric-chart"
      ariaLabel={ariaLabel}
      testId="price-chart"
    />
  );
}
