// /logs: every metric the active plant's gateway has reported, with its unit, last value and time.
import React from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { HTMLTable, NonIdealState, Spinner, Tag } from '@blueprintjs/core';
import {
  ErrorPanel,
  formatDateTime,
  formatMetricValue,
  isStale,
  metricLabel,
  metricUnitText,
  PageHeader,
  useActivePlant,
  type Plant,
  useNow,
  PlantGate,
} from '@helio/shared-utils';
import { useMetricList } from './metrics.resource';
import '../common/monitoring-page.css';

function MetricTable({ plant }: { plant: Plant }) {
  const { t } = useTranslation('monitoring-app');
  const list = useMetricList(plant);
  const now = useNow();

  if (list.isError && !list.data) {
    return <ErrorPanel title={t('logs.errorTitle')} description={t('states.errorDescription')} onRetry={() => list.refetch()} />;
  }
  if (!list.data) return <Spinner className="helio-dashboard__spinner" />;
  if (list.data.length === 0) {
    return (
      <div data-testid="logs-empty">
        <NonIdealState icon="th-list" title={t('logs.emptyTitle')} description={t('logs.emptyDescription', { plant: plant.name })} />
      </div>
    );
  }
  return (
    <HTMLTable compact striped interactive className="helio-logs-table" data-testid="logs-table">
      <thead>
        <tr>
          <th>{t('logs.columns.metric')}</th>
          <th>{t('logs.columns.unit')}</th>
          <th className="helio-num">{t('logs.columns.lastValue')}</th>
          <th>{t('logs.columns.lastTime')}</th>
        </tr>
      </thead>
      <tbody>
        {list.data.map((row) => {
          const time = Date.parse(row.lastTime);
          return (
            <tr key={row.metricKey} data-testid={`logs-row-${row.metricKey}`}>
              <td>
                <Link to={`/logs/${encodeURIComponent(row.metricKey)}`}>{metricLabel(t, row.metricKey)}</Link>
                <div className="helio-logs-key">{row.metricKey}</div>
              </td>
              <td>{metricUnitText(t, row.metricKey, row.unit) || '–'}</td>
              <td className="helio-num">{formatMetricValue(row.metricKey, row.lastValue, row.unit)}</td>
              <td>
                {formatDateTime(time)}{' '}
                {isStale(time, now) && (
                  <Tag minimal intent="warning" title={t('tiles.staleHint')}>
                    {t('tiles.stale')}
                  </Tag>
                )}
              </td>
            </tr>
          );
        })}
      </tbody>
    </HTMLTable>
  );
}

export default function LogsPage() {
  const { t } = useTranslation('monitoring-app');
  const { plant } = useActivePlant();
  return (
    <div className="helio-logs">
      <PageHeader page="pages.logs" name={plant?.name} description={t('logs.description')} />
      <PlantGate>{(active) => <MetricTable plant={active} />}</PlantGate>
    </div>
  );
}
