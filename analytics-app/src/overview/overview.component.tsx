// /analytics: the period's figures over the plants the user may see, each explaining itself, the
// energy over time, the top and bottom plants, alerts by kind and the method of the performance ratio.
import React, { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Card, H3, NonIdealState, Spinner } from '@blueprintjs/core';
import { apiErrorText, ErrorPanel, PageHeader, TAG_FILTER_PARAM, useUrlParam } from '@helio/shared-utils';
import { AlertTallies } from '../common/alert-tallies.component';
import { useOverview } from '../common/analytics.resource';
import { TagFilter } from '../common/filters.component';
import { formatKwp } from '../common/format';
import { isValidCustom, periodOfKind, todayIso, type PagePeriod } from '../common/period';
import { PeriodPicker } from '../common/period-picker.component';
import { MonthlyReportDownload } from '../report/monthly-report-download.component';
import { OverviewFigures } from './overview-figures.component';
import { PlantExtremes } from './plant-extremes.component';
import { TrendChart } from './trend-chart.component';
import '../common/analytics.css';

export default function OverviewPage() {
  const { t } = useTranslation('analytics-app');
  const [period, setPeriod] = useState<PagePeriod>(() => periodOfKind('month', todayIso()));
  const [tagId, setTagId] = useUrlParam(TAG_FILTER_PARAM);
  const overview = useOverview(period, tagId, period.kind !== 'custom' || isValidCustom(period));
  const data = overview.data;

  let body: React.ReactNode;
  if (overview.isError && !data) {
    body = <ErrorPanel title={t('overview.errorTitle')} description={apiErrorText(overview.error)} onRetry={() => overview.refetch()} />;
  } else if (!data) {
    body = <Spinner />;
  } else if (data.plantCount === 0) {
    body = <NonIdealState icon="chart" title={t('overview.emptyTitle')} description={t('overview.emptyDescription')} />;
  } else {
    body = (
      <>
        <p data-testid="plant-count">{t('overview.plantCount', { count: data.plantCount, kwp: formatKwp(data.totals.pvPeakKw) })}</p>
        <OverviewFigures overview={data} />
        <Card className="helio-analytics__section">
          <H3>{t('overview.trendTitle')}</H3>
          <TrendChart trend={data.trend} granularity={data.period.granularity} />
        </Card>
        <PlantExtremes top={data.top} bottom={data.bottom} />
        <Card className="helio-analytics__section">
          <H3>{t('overview.alertsTitle')}</H3>
          <AlertTallies alerts={data.alerts} />
        </Card>
        <Card className="helio-analytics__section">
          <H3>{t('overview.methodTitle')}</H3>
          <p className="helio-analytics__method" data-testid="pr-method">
            {t('overview.method')}
          </p>
        </Card>
      </>
    );
  }

  return (
    <div className="helio-analytics">
      <PageHeader page="pages.analyticsOverview" description={t('overview.description')} />
      <div className="helio-analytics__controls">
        <PeriodPicker period={period} onChange={setPeriod} />
        <TagFilter tagId={tagId} onChange={setTagId} />
        <MonthlyReportDownload tagId={tagId} />
      </div>
      {body}
    </div>
  );
}
