// /logs/{metricKey}: one metric of the active plant as a chart and a table, with range and
// granularity pickers and a CSV export of exactly the rows shown.
import React, { useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router-dom';
import { Button, ButtonGroup, Card, HTMLSelect, NonIdealState, Spinner } from '@blueprintjs/core';
import {
  apiErrorText,
  chartColumns,
  downloadCsv,
  ErrorPanel,
  formatMetricValue,
  MetricChart,
  metricLabel,
  PageHeader,
  PlantGate,
  useActivePlant,
  type Granularity,
  type Plant,
} from '@helio/shared-utils';
import { useMetricSeries } from './metrics.resource';
import { SeriesTable } from './series-table.component';
import { seriesCsv, seriesFileName } from './series';
import {
  allowedGranularities,
  defaultGranularity,
  granularityFor,
  RANGE_PRESETS,
  rangeOf,
  type RangePreset,
  type TimeRange,
} from './time-range';
import '../common/monitoring-page.css';

function MetricSeries({ plant, metricKey }: { plant: Plant; metricKey: string }) {
  const { t } = useTranslation('monitoring-app');
  const [preset, setPreset] = useState<RangePreset>('day');
  const [granularity, setGranularity] = useState<Granularity>(defaultGranularity('day'));
  const [range, setRange] = useState<TimeRange>(() => rangeOf('day', new Date()));
  const series = useMetricSeries({ plant, metricKey, range, granularity });

  const choosePreset = (next: RangePreset) => {
    setPreset(next);
    setGranularity(granularityFor(next, granularity));
    setRange(rangeOf(next, new Date()));
  };
  const formatValue = useCallback((value: number) => formatMetricValue(metricKey, value), [metricKey]);
  const columns = useMemo(() => chartColumns(series.data ?? []), [series.data]);
  const xRange = useMemo<[number, number]>(() => [range.start.getTime() / 1000, range.end.getTime() / 1000], [range]);
  const labels = useMemo(
    () => ({ time: t('logs.columns.time'), avg: t('logs.columns.avg'), min: t('logs.columns.min'), max: t('logs.columns.max') }),
    [t],
  );
  const exportCsv = () =>
    downloadCsv(
      seriesFileName(plant.name, metricKey, range.start, range.end, granularity, plant.timezone),
      seriesCsv(series.data ?? [], plant.timezone),
    );

  let body: React.ReactNode;
  if (series.isError && !series.data) {
    body = (
      <ErrorPanel
        title={t('logs.seriesErrorTitle')}
        description={series.error.status === 400 ? apiErrorText(series.error) : t('states.errorDescription')}
        onRetry={() => series.refetch()}
      />
    );
  } else if (!series.data) {
    body = <Spinner className="helio-dashboard__spinner" />;
  } else if (series.data.length === 0) {
    body = (
      <div data-testid="series-empty">
        <NonIdealState icon="timeline-line-chart" title={t('logs.noDataTitle')} description={t('logs.noDataDescription')} />
      </div>
    );
  } else {
    body = (
      <>
        <Card className="helio-metric-log__section">
          <MetricChart columns={columns} xRange={xRange} labels={labels} formatValue={formatValue} ariaLabel={metricLabel(t, metricKey)} />
        </Card>
        <Card className="helio-metric-log__section">
          <SeriesTable rows={series.data} granularity={granularity} formatValue={formatValue} />
        </Card>
      </>
    );
  }

  return (
    <>
      <div className="helio-metric-log__controls">
        <ButtonGroup aria-label={t('logs.range')}>
          {RANGE_PRESETS.map((p) => (
            <Button key={p} text={t(`logs.ranges.${p}`)} active={p === preset} onClick={() => choosePreset(p)} data-testid={`range-${p}`} />
          ))}
        </ButtonGroup>
        <HTMLSelect
          aria-label={t('logs.granularity')}
          value={granularity}
          onChange={(event) => setGranularity(event.currentTarget.value as Granularity)}
          data-testid="granularity"
        >
          {allowedGranularities(preset).map((g) => (
            <option key={g} value={g}>
              {t(`logs.granularities.${g}`)}
            </option>
          ))}
        </HTMLSelect>
        <Button icon="refresh" text={t('logs.refresh')} onClick={() => setRange(rangeOf(preset, new Date()))} loading={series.isFetching} />
        <Button icon="download" text={t('logs.exportCsv')} disabled={!series.data?.length} onClick={exportCsv} data-testid="export-csv" />
      </div>
      {body}
    </>
  );
}

export default function MetricLogPage() {
  const { t } = useTranslation('monitoring-app');
  const { metricKey = '' } = useParams();
  const { plant } = useActivePlant();
  const label = metricLabel(t, metricKey);
  return (
    <div className="helio-metric-log">
      <PageHeader
        breadcrumbs={[{ text: t('common:pages.logs'), href: '/logs' }, { text: label }]}
        title={label}
        name={plant?.name}
        description={t('logs.metricDescription', { key: metricKey })}
      />
      <PlantGate>{(active) => <MetricSeries key={`${active.id}/${metricKey}`} plant={active} metricKey={metricKey} />}</PlantGate>
    </div>
  );
}
