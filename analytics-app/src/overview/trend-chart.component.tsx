// The fleet's energy over the period's buckets: produced, consumed and the clear-sky expectation.
import React, { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type uPlot from 'uplot';
import { formatDateTime, formatNumber, UplotChart, type ChartOptions } from '@helio/shared-utils';
import { bucketTicks } from '../common/chart-ticks';
import type { TrendBucket } from '@helio/contracts';

const HEIGHT = 280;
const TICK_FORMAT: Record<'hour' | 'day' | 'month', Intl.DateTimeFormatOptions> = {
  hour: { hour: '2-digit', minute: '2-digit' },
  day: { day: 'numeric', month: 'numeric' },
  month: { month: 'short', year: '2-digit' },
};
const kwh = (value: number | null | undefined) => (value == null ? '–' : `${formatNumber(value, { maximumFractionDigits: 1 })}\u00a0kWh`);

export function TrendChart({ trend, granularity }: { trend: readonly TrendBucket[]; granularity: 'hour' | 'day' | 'month' }) {
  const { t } = useTranslation('analytics-app');
  const data = useMemo<uPlot.AlignedData>(
    () => [trend.map((b) => b.start / 1000), trend.map((b) => b.produced), trend.map((b) => b.consumed), trend.map((b) => b.expected)],
    [trend],
  );
  const options = useMemo<ChartOptions>(() => {
    const tick = (seconds: number) => formatDateTime(seconds * 1000, TICK_FORMAT[granularity]);
    return {
      scales: { x: { time: false } },
      series: [
        { label: t('overview.time'), value: (_u, v) => (v == null ? '–' : tick(v)) },
        { label: t('figures.produced'), stroke: '#8fd14f', width: 2, fill: 'rgba(143, 209, 79, 0.2)', value: (_u, v) => kwh(v) },
        { label: t('figures.consumed'), stroke: '#4c90f0', width: 2, value: (_u, v) => kwh(v) },
        { label: t('overview.expectedSeries'), stroke: '#c87619', dash: [6, 4], width: 1.5, value: (_u, v) => kwh(v) },
      ],
      axes: [
        { splits: (u) => bucketTicks(u.data[0]), values: (_u, splits) => splits.map(tick) },
        { size: 70, label: 'kWh', values: (_u, splits) => splits.map((v) => formatNumber(v, { maximumSignificantDigits: 3 })) },
      ],
    };
  }, [granularity, t]);
  return <UplotChart options={options} data={data} height={HEIGHT} ariaLabel={t('overview.chartLabel')} testId="analytics-trend" />;
}
