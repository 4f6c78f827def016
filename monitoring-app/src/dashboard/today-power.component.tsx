// The dashboard's "today's power" card: PV, load, grid and battery since the plant's midnight,
// refreshed every minute, with a CSV export of exactly the rows drawn. The chart itself (uPlot) is
// a lazy chunk of its own, so the dashboard's first load stays small.
import React, { lazy, Suspense, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, Card, H4, NonIdealState, Spinner } from '@blueprintjs/core';
import { downloadCsv, ErrorPanel, metricInfo, type Plant } from '@helio/shared-utils';
import { seriesCsv, seriesFileName } from '../metric-log/series';
import { chartedMetrics, TODAY_POWER_GRANULARITY, TODAY_POWER_METRICS, todayColumns, type TodayPowerMetric } from './today-power';
import { useTodayPower } from './today-power.resource';

const TodayPowerChart = lazy(() => import(/* webpackChunkName: "today-power-chart" */ './today-power-chart.component'));

export function TodayPowerCard({ plant }: { plant: Plant }) {
  const { t } = useTranslation('monitoring-app');
  const power = useTodayPower(plant);
  const data = power.data;
  const hasBattery = plant.batteryKwh !== null && plant.batteryKwh > 0;
  const metrics = useMemo(() => chartedMetrics(data?.rows ?? [], hasBattery), [data, hasBattery]);
  const columns = useMemo(() => todayColumns(data?.rows ?? [], metrics), [data, metrics]);
  const xRange = useMemo<[number, number]>(() => [(data?.since ?? 0) / 1000, (data?.until ?? 0) / 1000], [data]);
  const labels = useMemo(() => {
    const named = Object.fromEntries(TODAY_POWER_METRICS.map((m) => [m, t(metricInfo(m)?.labelKey ?? m)])) as Record<
      TodayPowerMetric,
      string
    >;
    return { time: t('logs.columns.time'), ...named };
  }, [t]);
  const rows = data?.rows.filter((row) => metrics.includes(row.metricKey as TodayPowerMetric)) ?? [];
  const exportCsv = () => {
    if (!data) return;
    downloadCsv(
      seriesFileName(plant.name, 'power', new Date(data.since), new Date(data.until), TODAY_POWER_GRANULARITY, plant.timezone),
      seriesCsv(rows, plant.timezone),
    );
  };

  let body: React.ReactNode;
  if (power.isError && !data) {
    body = (
      <ErrorPanel title={t('dashboard.today.errorTitle')} description={t('states.errorDescription')} onRetry={() => power.refetch()} />
    );
  } else if (!data) {
    body = <Spinner className="helio-dashboard__spinner" aria-label={t('dashboard.today.loading')} />;
  } else if (rows.length === 0) {
    body = (
      <div data-testid="today-power-empty">
        <NonIdealState
          icon="timeline-line-chart"
          title={t('dashboard.today.emptyTitle')}
          description={t('dashboard.today.emptyDescription', { plant: plant.name })}
        />
      </div>
    );
  } else {
    body = (
      <Suspense fallback={<Spinner className="helio-dashboard__spinner" aria-label={t('dashboard.today.loading')} />}>
        <TodayPowerChart columns={columns} metrics={metrics} xRange={xRange} labels={labels} ariaLabel={t('dashboard.today.title')} />
      </Suspense>
    );
  }

  return (
    <Card className="helio-today-power" data-testid="today-power">
      <div className="helio-today-power__header">
        <H4>{t('dashboard.today.title')}</H4>
        <Button
          icon="download"
          text={t('logs.exportCsv')}
          disabled={rows.length === 0}
          onClick={exportCsv}
          data-testid="today-power-export"
        />
      </div>
      {body}
    </Card>
  );
}
