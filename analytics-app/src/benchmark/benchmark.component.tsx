// /analytics/benchmark: every visible plant ranked by specific yield, performance ratio or
// availability over a period, with quartile bands, tag and size filters and a CSV export.
import React, { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, Card, Classes, HTMLSelect, Label, NonIdealState, Spinner } from '@blueprintjs/core';
import { BENCHMARK_METRICS, type BenchmarkMetric, type SizeClass } from '@helio/contracts/limits';
import { apiErrorText, downloadCsv, ErrorPanel, PageHeader, TAG_FILTER_PARAM, useUrlParam } from '@helio/shared-utils';
import { useBenchmark } from '../common/analytics.resource';
import { SizeClassFilter, TagFilter } from '../common/filters.component';
import { formatMetric } from '../common/format';
import { isValidCustom, periodOfKind, todayIso, type PagePeriod } from '../common/period';
import { PeriodPicker } from '../common/period-picker.component';
import { benchmarkCsv, benchmarkFileName } from './benchmark-csv';
import { BenchmarkTable } from './benchmark-table.component';
import '../common/analytics.css';

export default function BenchmarkPage() {
  const { t } = useTranslation('analytics-app');
  const [period, setPeriod] = useState<PagePeriod>(() => periodOfKind('month', todayIso()));
  const [metric, setMetric] = useState<BenchmarkMetric>('specificYield');
  const [tagId, setTagId] = useUrlParam(TAG_FILTER_PARAM);
  const [sizeClass, setSizeClass] = useState<SizeClass | null>(null);
  const benchmark = useBenchmark(period, metric, tagId, sizeClass, period.kind !== 'custom' || isValidCustom(period));
  const data = benchmark.data;

  let body: React.ReactNode;
  if (benchmark.isError && !data) {
    body = <ErrorPanel title={t('overview.errorTitle')} description={apiErrorText(benchmark.error)} onRetry={() => benchmark.refetch()} />;
  } else if (!data) {
    body = <Spinner />;
  } else if (data.plants.length === 0) {
    body = <NonIdealState icon="comparison" title={t('overview.emptyTitle')} description={t('overview.emptyDescription')} />;
  } else {
    body = (
      <Card className="helio-analytics__section">
        {data.quartiles && (
          <p data-testid="benchmark-quartiles" title={t('benchmark.quartileHelp')}>
            {t('benchmark.quartiles', {
              q1: formatMetric(metric, data.quartiles.q1),
              median: formatMetric(metric, data.quartiles.median),
              q3: formatMetric(metric, data.quartiles.q3),
            })}
          </p>
        )}
        <p className={Classes.TEXT_MUTED}>{t('benchmark.quartileHelp')}</p>
        <BenchmarkTable plants={data.plants} metric={metric} />
      </Card>
    );
  }

  return (
    <div className="helio-analytics">
      <PageHeader page="pages.benchmark" description={t('benchmark.description')} />
      <div className="helio-analytics__controls">
        <PeriodPicker period={period} onChange={setPeriod} />
      </div>
      <div className="helio-analytics__controls">
        <Label className={`${Classes.INLINE} helio-analytics__filter`}>
          {t('filters.metric')}
          <HTMLSelect value={metric} onChange={(e) => setMetric(e.target.value as BenchmarkMetric)} data-testid="benchmark-metric">
            {BENCHMARK_METRICS.map((m) => (
              <option key={m} value={m}>
                {t(`metrics.${m}`)}
              </option>
            ))}
          </HTMLSelect>
        </Label>
        <TagFilter tagId={tagId} onChange={setTagId} />
        <SizeClassFilter sizeClass={sizeClass} onChange={setSizeClass} />
        <Button
          icon="download"
          text={t('benchmark.exportCsv')}
          disabled={!data || data.plants.length === 0}
          onClick={() => data && downloadCsv(benchmarkFileName(metric, data.period.from, data.period.to), benchmarkCsv(data.plants))}
          data-testid="benchmark-export"
        />
      </div>
      {body}
    </div>
  );
}
