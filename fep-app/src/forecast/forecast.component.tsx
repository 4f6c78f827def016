// /fep: the active plant's forecast for the next 48 hours (PV, load, surplus with their p10–p90
// bands), tomorrow's energy, the best hours for flexible loads, which source made the forecast, and
// how the forecasts of the past 7 days did, with CSV export of both.
import React, { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, Card, H4, NonIdealState, Spinner } from '@blueprintjs/core';
import { downloadCsv, ErrorPanel, PageHeader, PlantGate, useActivePlant, type Plant } from '@helio/shared-utils';
import { AccuracyTable } from './accuracy-table.component';
import { ForecastChart, type ForecastChartLabels } from './forecast-chart.component';
import { accuracyCsv, accuracyFileName, forecastColumns, forecastCsv, forecastFileName } from './forecast-data';
import { BestHoursCard, ForecastSource, TomorrowCard } from './forecast-summary.component';
import { useForecast, useForecastAccuracy } from './forecast.resource';
import './forecast.css';

function ForecastSection({ plant }: { plant: Plant }) {
  const { t } = useTranslation('fep-app');
  const forecast = useForecast(plant.id);
  const columns = useMemo(() => forecastColumns(forecast.data?.points ?? []), [forecast.data]);
  const labels = useMemo<ForecastChartLabels>(
    () => ({
      time: t('chart.time'),
      pv: t('chart.pv'),
      pvLow: t('chart.pvLow'),
      pvHigh: t('chart.pvHigh'),
      load: t('chart.load'),
      surplus: t('chart.surplus'),
      surplusLow: t('chart.surplusLow'),
      surplusHigh: t('chart.surplusHigh'),
      aria: t('chart.aria'),
    }),
    [t],
  );
  if (forecast.isError && !forecast.data) {
    return <ErrorPanel title={t('states.forecastError')} description={t('states.errorDescription')} onRetry={() => forecast.refetch()} />;
  }
  if (!forecast.data) return <Spinner className="helio-forecast__spinner" aria-label={t('states.loading')} />;
  const data = forecast.data;
  if (data.points.length === 0) {
    return (
      <div data-testid="forecast-empty">
        <NonIdealState icon="timeline-area-chart" title={t('states.emptyTitle')} description={t('states.emptyDescription')} />
      </div>
    );
  }
  return (
    <>
      <ForecastSource forecast={data} />
      <Card className="helio-forecast__section">
        <div className="helio-forecast__heading">
          <H4>{t('chart.title')}</H4>
          <Button
            icon="download"
            text={t('exportCsv')}
            onClick={() => downloadCsv(forecastFileName(data, plant.thingName), forecastCsv(data))}
            data-testid="forecast-export"
          />
        </div>
        <ForecastChart columns={columns} labels={labels} timeZone={data.timeZone} />
        <p className="helio-forecast__note">{t('chart.bandsNote')}</p>
      </Card>
      <div className="helio-forecast__cards">
        {data.tomorrow && <TomorrowCard tomorrow={data.tomorrow} />}
        <BestHoursCard forecast={data} />
      </div>
    </>
  );
}

function AccuracySection({ plant }: { plant: Plant }) {
  const { t } = useTranslation('fep-app');
  const accuracy = useForecastAccuracy(plant.id);
  let body: React.ReactNode;
  if (accuracy.isError && !accuracy.data) {
    body = <ErrorPanel title={t('states.accuracyError')} description={t('states.errorDescription')} onRetry={() => accuracy.refetch()} />;
  } else if (!accuracy.data) {
    body = <Spinner size={30} aria-label={t('states.loading')} />;
  } else if (accuracy.data.days.every((d) => d.issuedAt === null)) {
    body = <NonIdealState icon="history" title={t('accuracy.emptyTitle')} description={t('accuracy.emptyDescription')} />;
  } else {
    body = <AccuracyTable accuracy={accuracy.data} timeZone={plant.timezone} />;
  }
  return (
    <Card className="helio-forecast__section" data-testid="accuracy">
      <div className="helio-forecast__heading">
        <H4>{t('accuracy.title')}</H4>
        <Button
          icon="download"
          text={t('exportCsv')}
          disabled={!accuracy.data}
          onClick={() =>
            accuracy.data && downloadCsv(accuracyFileName(accuracy.data, plant.thingName), accuracyCsv(accuracy.data, plant.timezone))
          }
          data-testid="accuracy-export"
        />
      </div>
      <p className="helio-forecast__note">{t('accuracy.description')}</p>
      {body}
    </Card>
  );
}

export default function ForecastPage() {
  const { t } = useTranslation('fep-app');
  const { plant } = useActivePlant();
  return (
    <div className="helio-forecast">
      <PageHeader page="modules.fep" name={plant?.name} description={t('description')} />
      <PlantGate>
        {(active) => (
          <>
            <ForecastSection plant={active} />
            <AccuracySection plant={active} />
          </>
        )}
      </PlantGate>
    </div>
  );
}
