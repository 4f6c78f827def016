// A plant's monthly value against its peers: the 25–75 % band, the median and its own line.
import React, { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type uPlot from 'uplot';
import type { PeerMonth } from '@helio/contracts';
import type { BenchmarkMetric } from '@helio/contracts/limits';
import { formatDateTime, formatNumber, UplotChart, type ChartOptions } from '@helio/shared-utils';
import { bucketTicks } from '../common/chart-ticks';
import { formatMetric } from '../common/format';

const HEIGHT = 280;

export function PeerChart({ months, metric }: { months: readonly PeerMonth[]; metric: BenchmarkMetric }) {
  const { t } = useTranslation('analytics-app');
  const data = useMemo<uPlot.AlignedData>(
    () => [
      months.map((m) => m.start / 1000),
      months.map((m) => m.p75),
      months.map((m) => m.p25),
      months.map((m) => m.median),
      months.map((m) => m.value),
    ],
    [months],
  );
  const options = useMemo<ChartOptions>(() => {
    const tick = (seconds: number) => formatDateTime(seconds * 1000, { month: 'short' });
    const value = (_u: uPlot, v: number | null) => formatMetric(metric, v ?? null);
    return {
      scales: { x: { time: false } },
      series: [
        { label: t('plant.monthColumn'), value: (_u, v) => (v == null ? '–' : tick(v)) },
        { label: t('plant.series.p75'), stroke: 'rgba(76, 144, 240, 0.5)', width: 1, value },
        { label: t('plant.series.p25'), stroke: 'rgba(76, 144, 240, 0.5)', width: 1, value },
        { label: t('plant.series.median'), stroke: '#4c90f0', dash: [6, 4], width: 2, value },
        { label: t('plant.series.value'), stroke: '#8fd14f', width: 3, value },
      ],
      bands: [{ series: [1, 2], fill: 'rgba(76, 144, 240, 0.15)' }],
      axes: [
        { splits: (u) => bucketTicks(u.data[0]), values: (_u, splits) => splits.map(tick) },
        { size: 70, values: (_u, splits) => splits.map((v) => formatNumber(v, { maximumSignificantDigits: 3 })) },
      ],
    };
  }, [metric, t]);
  return <UplotChart options={options} data={data} height={HEIGHT} ariaLabel={t('plant.chartLabel')} testId="peer-chart" />;
}
