// The plan chart: spot price, forecast surplus and the planned charging power over the next hours.
import React, { useMemo } from 'react';
import { formatDateTime, formatNumber, formatPricePerKwh, priceUnit, UplotChart, type ChartOptions } from '@helio/shared-utils';
import type { PlanColumns } from './ev-data';

export interface PlanChartLabels {
  time: string;
  price: string;
  surplus: string;
  planned: string;
  aria: string;
}

export function PlanChart({ columns, labels, timeZone }: { columns: PlanColumns; labels: PlanChartLabels; timeZone: string }) {
  const options = useMemo<ChartOptions>(() => {
    const at = (seconds: number) => formatDateTime(seconds * 1000, { weekday: 'short', hour: '2-digit', minute: '2-digit', timeZone });
    const kw = (v: number | null) => (v === null ? '–' : `${formatNumber(v, { maximumFractionDigits: 2 })}\u00a0kW`);
    return {
      scales: { x: { time: false }, price: {} },
      series: [
        { label: labels.time, value: (_u, v) => (v === null ? '–' : at(v)) },
        {
          label: labels.price,
          stroke: '#c87619',
          width: 2,
          scale: 'price',
          value: (_u, v) => (v === null ? '–' : formatPricePerKwh(v, 'CZK', { maximumFractionDigits: 2 })),
        },
        { label: labels.surplus, stroke: '#238551', width: 2, value: (_u, v) => kw(v) },
        { label: labels.planned, stroke: '#2d72d2', width: 2, fill: 'rgba(45, 114, 210, 0.25)', value: (_u, v) => kw(v) },
      ],
      axes: [
        { splits: () => columns[0].filter((_s, i) => i % 16 === 0), values: (_u, splits) => splits.map((s) => at(s)) },
        { size: 60, label: 'kW', values: (_u, splits) => splits.map((v) => formatNumber(v, { maximumFractionDigits: 1 })) },
        {
          side: 1,
          scale: 'price',
          size: 60,
          label: priceUnit('CZK'),
          values: (_u, splits) => splits.map((v) => formatNumber(v, { maximumFractionDigits: 2 })),
        },
      ],
    };
  }, [columns, labels, timeZone]);
  return (
    <UplotChart options={options} data={columns} height={280} className="helio-ev__chart" ariaLabel={labels.aria} testId="plan-chart" />
  );
}
