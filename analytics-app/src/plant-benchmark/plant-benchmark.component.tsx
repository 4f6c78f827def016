// /analytics/benchmark/plant/{id}: one plant against its peer group month by month, its rank, and
// what pulls it down. A plant the user cannot see (or of another organisation) is simply not found.
import React, { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router-dom';
import { Card, Classes, H3, HTMLSelect, Label, NonIdealState, Spinner } from '@blueprintjs/core';
import { BENCHMARK_METRICS, type BenchmarkMetric } from '@helio/contracts/limits';
import { apiErrorText, ErrorPanel, PageHeader } from '@helio/shared-utils';
import { usePlantBenchmark } from '../common/analytics.resource';
import '../common/analytics.css';
import { PeerChart } from './peer-chart.component';
import { PeerTable } from './peer-table.component';
import { PlantDrags } from './plant-drags.component';

const YEARS_BACK = 5;

export default function PlantBenchmarkPage() {
  const { t } = useTranslation('analytics-app');
  const { id = '' } = useParams();
  const thisYear = new Date().getFullYear();
  const [year, setYear] = useState(thisYear);
  const [metric, setMetric] = useState<BenchmarkMetric>('specificYield');
  const benchmark = usePlantBenchmark(id, metric, year);
  const data = benchmark.data;
  const breadcrumbs = [{ text: t('common:pages.benchmark'), href: '/analytics/benchmark' }, { text: data?.plant.name ?? '…' }];

  let body: React.ReactNode;
  if (benchmark.isError && benchmark.error.status === 404) {
    body = <NonIdealState icon="search" title={t('plant.notFound')} description={t('plant.notFoundDescription')} />;
  } else if (benchmark.isError && !data) {
    body = <ErrorPanel title={t('overview.errorTitle')} description={apiErrorText(benchmark.error)} onRetry={() => benchmark.refetch()} />;
  } else if (!data) {
    body = <Spinner />;
  } else {
    const sizeClass = t(`sizeClasses.${data.sizeClass}`);
    body = (
      <>
        <p data-testid="plant-rank">
          <strong>
            {data.plant.rank === null
              ? t('plant.unranked', { year: data.year })
              : t('plant.rank', { rank: data.plant.rank, of: data.peerCount, sizeClass, year: data.year })}
          </strong>
        </p>
        <p className={Classes.TEXT_MUTED}>{t('plant.peersHelp')}</p>
        <Card className="helio-analytics__section">
          <PeerChart months={data.months} metric={metric} />
          <PeerTable months={data.months} metric={metric} />
        </Card>
        <Card className="helio-analytics__section">
          <H3>{t('plant.dragsTitle')}</H3>
          <PlantDrags drags={data.drags} performanceRatioPct={data.plant.performanceRatioPct} />
        </Card>
      </>
    );
  }

  return (
    <div className="helio-analytics">
      <PageHeader breadcrumbs={breadcrumbs} page="pages.plantBenchmark" name={data?.plant.name} />
      <div className="helio-analytics__controls">
        <Label className={Classes.INLINE}>
          {t('plant.year')}
          <HTMLSelect value={year} onChange={(e) => setYear(Number(e.target.value))} data-testid="plant-year">
            {Array.from({ length: YEARS_BACK }, (_, i) => thisYear - i).map((y) => (
              <option key={y} value={y}>
                {y}
              </option>
            ))}
          </HTMLSelect>
        </Label>
        <Label className={Classes.INLINE}>
          {t('filters.metric')}
          <HTMLSelect value={metric} onChange={(e) => setMetric(e.target.value as BenchmarkMetric)} data-testid="plant-metric">
            {BENCHMARK_METRICS.map((m) => (
              <option key={m} value={m}>
                {t(`metrics.${m}`)}
              </option>
            ))}
          </HTMLSelect>
        </Label>
      </div>
      {body}
    </div>
  );
}
