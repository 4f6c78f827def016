// /management/inverters/{id}: one inverter's identity, its live values (from the plant's shadow, kept
// current by the live push; older than 60 s shows stale) and the last day of one value as a chart.
import { useMemo, useState, type ReactNode } from 'react';
import { Card, H4, HTMLSelect, HTMLTable, NonIdealState, Spinner, Tag } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router-dom';
import {
  apiErrorText,
  chartColumns,
  deviceLiveValues,
  ErrorPanel,
  formatDateTime,
  formatMetricValue,
  formatNumber,
  MetricChart,
  metricInfo,
  metricLabel,
  metricValueText,
  PageHeader,
  useNow,
  useShadow,
  type Device,
  type DeviceLiveValue,
  type PlantDetail,
} from '@helio/shared-utils';
import { FactsCard } from '../common/facts-card.component';
import { usePlantDetail } from '../plant-detail/plant-detail.resource';
import { useDevice } from '../plant-detail/devices.resource';
import { historyWindow, useDeviceHistory } from './inverter-history.resource';

function LiveValues({ values }: { values: DeviceLiveValue[] }) {
  const { t } = useTranslation('management-app');
  if (values.length === 0) return <p className="helio-management-muted">{t('inverter.noLiveKeys')}</p>;
  return (
    <HTMLTable compact className="helio-management-facts" data-testid="inverter-live">
      <tbody>
        {values.map((v) => (
          <tr key={v.key} data-testid="live-value" data-key={v.key}>
            <th>{metricLabel(t, v.key)}</th>
            <td>
              <span data-testid="live-value-text">{metricValueText(t, v.key, v.value)}</span>{' '}
              {v.stale && (
                <Tag minimal intent="warning" title={t('inverter.staleHint')} data-testid="live-value-stale">
                  {t('inverter.stale')}
                </Tag>
              )}
              {v.reportedAt !== null && (
                <div className="helio-management-muted">{formatDateTime(v.reportedAt, { dateStyle: 'short', timeStyle: 'medium' })}</div>
              )}
            </td>
          </tr>
        ))}
      </tbody>
    </HTMLTable>
  );
}

function History({ device, plant }: { device: Device; plant: PlantDetail }) {
  const { t } = useTranslation('management-app');
  // Numeric values only; power first, as it is what an inverter is watched for.
  const chartable = device.liveKeys.filter((key) => metricInfo(key)?.unit !== '');
  const [metricKey, setMetricKey] = useState(() => chartable.find((key) => metricInfo(key)?.unit === 'W') ?? chartable[0]);
  const [window] = useState(() => historyWindow(Date.now()));
  const history = useDeviceHistory(plant, metricKey, window);
  const columns = useMemo(() => chartColumns(history.data ?? []), [history.data]);
  const xRange = useMemo<[number, number]>(() => [window.start / 1000, window.end / 1000], [window]);
  const labels = useMemo(
    () => ({ time: t('inverter.chart.time'), avg: t('inverter.chart.avg'), min: t('inverter.chart.min'), max: t('inverter.chart.max') }),
    [t],
  );
  const formatValue = useMemo(
    () => (value: number) => (metricKey ? formatMetricValue(metricKey, value) : formatNumber(value)),
    [metricKey],
  );

  let body: ReactNode;
  if (!metricKey) body = <p className="helio-management-muted">{t('inverter.noLiveKeys')}</p>;
  else if (history.isError)
    body = <ErrorPanel title={t('inverter.historyFailed')} description={apiErrorText(history.error)} onRetry={() => history.refetch()} />;
  else if (!history.data) body = <Spinner />;
  else if (history.data.length === 0) body = <NonIdealState icon="timeline-line-chart" title={t('inverter.noHistory')} />;
  else
    body = (
      <MetricChart
        columns={columns}
        xRange={xRange}
        labels={labels}
        formatValue={formatValue}
        ariaLabel={metricLabel(t, metricKey)}
        testId="inverter-chart"
      />
    );

  return (
    <Card data-testid="inverter-history">
      <div className="helio-management-card-header">
        <H4>{t('inverter.history')}</H4>
        {chartable.length > 1 && (
          <HTMLSelect
            aria-label={t('inverter.historyMetric')}
            value={metricKey}
            onChange={(e) => setMetricKey(e.currentTarget.value)}
            data-testid="inverter-history-metric"
          >
            {chartable.map((key) => (
              <option key={key} value={key}>
                {metricLabel(t, key)}
              </option>
            ))}
          </HTMLSelect>
        )}
      </div>
      {body}
    </Card>
  );
}

function InverterView({ device, plant }: { device: Device; plant: PlantDetail }) {
  const { t } = useTranslation('management-app');
  const shadow = useShadow(plant.thingName);
  const now = useNow();
  const identity: [string, ReactNode][] = [
    [t('devices.fields.maker'), device.maker || '—'],
    [t('devices.fields.model'), device.model || '—'],
    [t('devices.fields.serial'), device.serial || '—'],
    [t('devices.fields.firmware'), device.firmware || '—'],
    [
      t('devices.fields.ratedPowerKw'),
      device.ratedPowerKw === null ? '—' : `${formatNumber(device.ratedPowerKw, { maximumFractionDigits: 2 })}\u00a0kW`,
    ],
    [t('inverter.plant'), <Link to={`/management/plants/${plant.id}?tab=devices`}>{plant.name}</Link>],
  ];
  let live: ReactNode;
  if (shadow.data) live = <LiveValues values={deviceLiveValues(device.liveKeys, shadow.data, now)} />;
  else if (shadow.isError)
    live = <ErrorPanel title={t('inverter.liveFailed')} description={apiErrorText(shadow.error)} onRetry={() => shadow.refetch()} />;
  else live = <Spinner size={20} />;

  return (
    <>
      <div className="helio-management-overview">
        <FactsCard title={t('inverter.identity')} facts={identity} testId="inverter-identity" />
        <Card>
          <H4>{t('inverter.live')}</H4>
          {live}
        </Card>
      </div>
      <History device={device} plant={plant} />
    </>
  );
}

export default function InverterDetailPage() {
  const { t } = useTranslation('management-app');
  const id = useParams().id ?? '';
  const device = useDevice(id);
  const plant = usePlantDetail(device.data?.plantId ?? '', !!device.data);
  const crumbs = [
    { text: t('common:pages.plants'), href: '/management/plants' },
    ...(plant.data ? [{ text: plant.data.name, href: `/management/plants/${plant.data.id}?tab=devices` }] : []),
    { text: device.data?.name ?? t('common:pages.inverterDetail') },
  ];

  let body: ReactNode;
  const failed = device.error ?? plant.error;
  if (failed) {
    body = (
      <NonIdealState
        icon={failed.status === 404 ? 'search' : 'error'}
        title={failed.status === 404 ? t('inverter.notFound') : t('inverter.loadFailed')}
        description={apiErrorText(failed)}
      />
    );
  } else if (!device.data || !plant.data) body = <Spinner />;
  else if (device.data.kind !== 'inverter') body = <NonIdealState icon="search" title={t('inverter.notFound')} />;
  else body = <InverterView device={device.data} plant={plant.data} />;

  return (
    <div className="helio-management-page">
      <PageHeader
        breadcrumbs={crumbs}
        title={device.data?.name ?? t('common:pages.inverterDetail')}
        description={device.data ? [device.data.maker, device.data.model].filter(Boolean).join(' ') : undefined}
      />
      {body}
    </div>
  );
}
