// /statistics: the active plant's energy balance per day (hours), month (days) and year (months)
// as bar charts, with the period's totals, navigation between periods and a CSV export.
import React, { useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, ButtonGroup, Card, NonIdealState, Spinner } from '@blueprintjs/core';
import {
  csvFileName,
  downloadCsv,
  ErrorPanel,
  formatDateTime,
  PageHeader,
  useActivePlant,
  type Plant,
  PlantGate,
} from '@helio/shared-utils';
import { bucketEnergies, bucketsCsv, periodTotal } from './bucket-energy';
import { EnergyBars } from './energy-bars.component';
import { BalanceSummary } from './balance-summary.component';
import { BucketTable } from './bucket-table.component';
import { currentPeriod, isFuture, PERIOD_KINDS, periodBounds, shiftPeriod, type Period, type PeriodKind } from './period';
import { useCounterSeries } from './statistics.resource';
import '../common/monitoring-page.css';
import './statistics.css';

const TITLE_FORMAT: Record<PeriodKind, Intl.DateTimeFormatOptions> = {
  day: { dateStyle: 'full' },
  month: { month: 'long', year: 'numeric' },
  year: { year: 'numeric' },
};

const TICK_FORMAT: Record<PeriodKind, Intl.DateTimeFormatOptions> = {
  day: { hour: '2-digit', minute: '2-digit' },
  month: { day: 'numeric', month: 'numeric' },
  year: { month: 'short' },
};

function PlantStatistics({ plant }: { plant: Plant }) {
  const { t } = useTranslation('monitoring-app');
  const zone = plant.timezone;
  const [now, setNow] = useState(Date.now);
  const [period, setPeriod] = useState<Period>(() => currentPeriod('day', zone, Date.now()));
  const bounds = periodBounds(period, zone);
  const series = useCounterSeries(plant, bounds, now);
  const buckets = useMemo(() => bucketEnergies(series.data ?? [], bounds.start), [series.data, bounds.start]);
  const total = useMemo(() => periodTotal(buckets), [buckets]);
  const inZone = useCallback(
    (ms: number, options: Intl.DateTimeFormatOptions) => formatDateTime(ms, { ...options, timeZone: zone }),
    [zone],
  );
  const formatTick = useCallback((seconds: number) => inZone(seconds * 1000, TICK_FORMAT[period.kind]), [inZone, period.kind]);
  const columns = useMemo<[number[], number[], number[]]>(
    () => [buckets.map((b) => b.time / 1000), buckets.map((b) => b.balance.produced), buckets.map((b) => b.balance.consumed)],
    [buckets],
  );
  const labels = useMemo(
    () => ({ time: t('logs.columns.time'), produced: t('statistics.produced'), consumed: t('statistics.consumed') }),
    [t],
  );
  const next = shiftPeriod(period, 1);
  const go = (target: Period) => {
    setNow(Date.now());
    setPeriod(target);
  };

  let body: React.ReactNode;
  if (series.isError && !series.data) {
    body = <ErrorPanel title={t('statistics.errorTitle')} description={t('states.errorDescription')} onRetry={() => series.refetch()} />;
  } else if (!series.data) {
    body = <Spinner className="helio-dashboard__spinner" />;
  } else if (buckets.length === 0) {
    body = (
      <div data-testid="statistics-empty">
        <NonIdealState icon="timeline-bar-chart" title={t('statistics.emptyTitle')} description={t('statistics.emptyDescription')} />
      </div>
    );
  } else {
    body = (
      <>
        <BalanceSummary balance={total} />
        <Card className="helio-metric-log__section">
          <EnergyBars columns={columns} labels={labels} formatTick={formatTick} ariaLabel={t('statistics.chartLabel')} />
        </Card>
        <Card className="helio-metric-log__section">
          <BucketTable buckets={buckets} formatTime={(ms) => inZone(ms, TICK_FORMAT[period.kind])} />
        </Card>
      </>
    );
  }

  return (
    <>
      <div className="helio-metric-log__controls">
        <ButtonGroup aria-label={t('statistics.periodKind')}>
          {PERIOD_KINDS.map((kind) => (
            <Button
              key={kind}
              text={t(`statistics.kinds.${kind}`)}
              active={kind === period.kind}
              onClick={() => go(currentPeriod(kind, zone, Date.now()))}
              data-testid={`period-${kind}`}
            />
          ))}
        </ButtonGroup>
        <ButtonGroup>
          <Button
            icon="chevron-left"
            aria-label={t('statistics.previous')}
            title={t('statistics.previous')}
            onClick={() => go(shiftPeriod(period, -1))}
            data-testid="period-previous"
          />
          <Button
            icon="chevron-right"
            aria-label={t('statistics.next')}
            title={t('statistics.next')}
            disabled={isFuture(next, zone, Date.now())}
            onClick={() => go(next)}
            data-testid="period-next"
          />
        </ButtonGroup>
        <strong className="helio-statistics__period" data-testid="period-title">
          {inZone(bounds.start, TITLE_FORMAT[period.kind])}
        </strong>
        <Button
          icon="download"
          text={t('logs.exportCsv')}
          disabled={buckets.length === 0}
          onClick={() =>
            downloadCsv(csvFileName(`${plant.thingName}_${period.kind}`, bounds.start, bounds.end, zone), bucketsCsv(buckets, zone))
          }
          data-testid="statistics-export"
        />
      </div>
      {body}
    </>
  );
}

export default function StatisticsPage() {
  const { t } = useTranslation('monitoring-app');
  const { plant } = useActivePlant();
  return (
    <div className="helio-statistics">
      <PageHeader page="pages.statistics" name={plant?.name} description={t('statistics.description')} />
      <PlantGate>{(active) => <PlantStatistics key={active.id} plant={active} />}</PlantGate>
    </div>
  );
}
