// /spot: day-ahead electricity prices for today and tomorrow as a chart and a table per day, the
// cheapest and dearest hours marked, in EUR/MWh and CZK/kWh; demo data and the organisation's own
// uploaded prices say so.
import React, { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, Callout, Card, Spinner } from '@blueprintjs/core';
import { downloadCsv, ErrorPanel, formatNumber, PageHeader } from '@helio/shared-utils';
import { spotCsv, spotFileName } from './spot-csv';
import { PriceChart } from './price-chart.component';
import { SpotDayCard } from './spot-day.component';
import { useSpotPrices } from './spot.resource';
import '../common/monitoring-page.css';
import './spot.css';

export default function SpotPage() {
  const { t } = useTranslation('monitoring-app');
  const spot = useSpotPrices();
  const columns = useMemo<[number[], number[]]>(() => {
    const prices = spot.data?.days.flatMap((d) => d.prices) ?? [];
    return [prices.map((p) => Date.parse(p.start) / 1000), prices.map((p) => p.eurMwh)];
  }, [spot.data]);

  let body: React.ReactNode;
  if (spot.isError && !spot.data) {
    body = <ErrorPanel title={t('spot.errorTitle')} description={t('states.errorDescription')} onRetry={() => spot.refetch()} />;
  } else if (!spot.data) {
    body = <Spinner className="helio-dashboard__spinner" />;
  } else {
    const { days, timeZone, eurCzk } = spot.data;
    body = (
      <>
        {days.some((d) => d.demo) && (
          <Callout intent="warning" icon="lab-test" className="helio-metric-log__section" data-testid="spot-demo">
            {t('spot.demoNotice')}
          </Callout>
        )}
        {days.some((d) => d.own) && (
          <Callout intent="primary" icon="upload" className="helio-metric-log__section" data-testid="spot-own">
            {t('spot.ownNotice')}
          </Callout>
        )}
        {columns[0].length > 0 && (
          <Card className="helio-metric-log__section">
            <PriceChart
              columns={columns}
              label={t('spot.price')}
              timeLabel={t('spot.period')}
              timeZone={timeZone}
              ariaLabel={t('spot.chartLabel')}
            />
          </Card>
        )}
        {days.map((day, i) => (
          <SpotDayCard key={day.date} day={day} title={t(i === 0 ? 'spot.today' : 'spot.tomorrow')} timeZone={timeZone} eurCzk={eurCzk} />
        ))}
        <p className="helio-spot__rate">
          {t('spot.rate', { rate: formatNumber(eurCzk, { maximumFractionDigits: 3 }), area: spot.data.area })}
        </p>
      </>
    );
  }

  return (
    <div className="helio-spot">
      <PageHeader page="pages.spot" description={t('spot.description')}>
        <Button
          icon="download"
          text={t('logs.exportCsv')}
          disabled={!spot.data?.days.some((d) => d.prices.length > 0)}
          onClick={() => spot.data && downloadCsv(spotFileName(spot.data), spotCsv(spot.data))}
          data-testid="spot-export"
        />
      </PageHeader>
      {body}
    </div>
  );
}
