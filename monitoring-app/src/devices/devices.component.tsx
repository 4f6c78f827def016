// /inverters and /batteries: the active plant's devices of that kind with their live state from the
// plant's shadow (kept current by the live push; a value older than 60 s shows stale), and a CSV
// export of exactly what is shown.
import React from 'react';
import { useTranslation } from 'react-i18next';
import { Button, Card, H4, HTMLTable, NonIdealState, ProgressBar, Spinner, Tag } from '@blueprintjs/core';
import {
  csvFileName,
  downloadCsv,
  ErrorPanel,
  formatDateTime,
  formatMetricValue,
  formatNumber,
  metricLabel,
  metricValueText,
  PageHeader,
  useActivePlant,
  useNow,
  useShadow,
  type DeviceKind,
  type DeviceLiveValue,
  type Plant,
  PlantGate,
  type PageNameKey,
} from '@helio/shared-utils';
import { deviceStates, deviceStatesCsv, stateOfCharge, type DeviceState } from './device-state';
import { usePlantDevices } from './devices.resource';
import '../common/monitoring-page.css';
import './devices.css';

export type DevicePageKind = Extract<DeviceKind, 'inverter' | 'battery'>;

// each kind's page is named by its menu label, which also names the list of its devices
const DEVICE_PAGE_NAMES = { inverter: 'pages.inverters', battery: 'pages.batteries' } as const satisfies Record<
  DevicePageKind,
  PageNameKey
>;

/** The page's path segment, also used in the export's file name. */
const PLURAL: Record<DevicePageKind, string> = { inverter: 'inverters', battery: 'batteries' };

function DeviceCard({ state }: { state: DeviceState }) {
  const { t } = useTranslation('monitoring-app');
  const { device } = state;
  const soc = device.kind === 'battery' ? stateOfCharge(state) : null;
  const rating = [
    device.ratedPowerKw === null ? null : `${formatNumber(device.ratedPowerKw, { maximumFractionDigits: 2 })}\u00a0kW`,
    device.capacityKwh === null ? null : `${formatNumber(device.capacityKwh, { maximumFractionDigits: 2 })}\u00a0kWh`,
  ].filter(Boolean);
  return (
    <Card className="helio-device" data-testid="device-card" data-kind={device.kind}>
      <div className="helio-device__header">
        <div>
          <H4 className="helio-device__name">{device.name}</H4>
          <div className="helio-device__model">{[device.maker, device.model].filter(Boolean).join(' ') || '–'}</div>
        </div>
        {state.stale && (
          <Tag intent="warning" minimal title={t('tiles.staleHint')} data-testid="device-stale">
            {t('tiles.stale')}
          </Tag>
        )}
      </div>
      {soc !== null && (
        <div className="helio-device__soc" data-testid="device-soc">
          <span>{t('devices.soc', { value: formatNumber(soc / 100, { style: 'percent', maximumFractionDigits: 0 }) })}</span>
          <ProgressBar
            value={soc / 100}
            stripes={false}
            animate={false}
            intent={soc < 20 ? 'warning' : 'success'}
            aria-label={t('devices.soc', { value: formatNumber(soc / 100, { style: 'percent', maximumFractionDigits: 0 }) })}
          />
        </div>
      )}
      <HTMLTable compact className="helio-device__values">
        <tbody>
          {state.values.map((v) => (
            <tr key={v.key} data-testid="device-value" data-key={v.key}>
              <th scope="row">{metricLabel(t, v.key)}</th>
              <td className={v.stale ? 'helio-device__value--stale' : undefined}>{metricValueText(t, v.key, v.value)}</td>
            </tr>
          ))}
          <tr>
            <th scope="row">{t('devices.serial')}</th>
            <td>{device.serial || '–'}</td>
          </tr>
          {rating.length > 0 && (
            <tr>
              <th scope="row">{t('devices.rating')}</th>
              <td>{rating.join(' · ')}</td>
            </tr>
          )}
        </tbody>
      </HTMLTable>
      {state.reportedAt !== null && (
        <div className="helio-device__time">
          {t('tiles.lastReport')}{' '}
          <time dateTime={new Date(state.reportedAt).toISOString()}>
            {formatDateTime(state.reportedAt, { dateStyle: 'short', timeStyle: 'medium' })}
          </time>
        </div>
      )}
      {state.values.length === 0 && <p className="helio-device__time">{t('devices.noLiveKeys')}</p>}
    </Card>
  );
}

function PlantDevices({ plant, kind }: { plant: Plant; kind: DevicePageKind }) {
  const { t } = useTranslation('monitoring-app');
  const devices = usePlantDevices(plant.id, kind);
  const shadow = useShadow(plant.thingName);
  const now = useNow();

  if (devices.isError) {
    return (
      <ErrorPanel title={t(`devices.${kind}.errorTitle`)} description={t('states.errorDescription')} onRetry={() => devices.refetch()} />
    );
  }
  if (!devices.data) return <Spinner className="helio-dashboard__spinner" />;
  if (devices.data.length === 0) {
    return (
      <div data-testid="devices-empty">
        <NonIdealState
          icon={kind === 'battery' ? 'lightning' : 'flash'}
          title={t(`devices.${kind}.emptyTitle`)}
          description={t(`devices.${kind}.emptyDescription`, { plant: plant.name })}
        />
      </div>
    );
  }
  const states = deviceStates(devices.data, shadow.data, now);
  const exportCsv = () =>
    downloadCsv(csvFileName([plant.thingName, PLURAL[kind]], now, now + 1, plant.timezone), deviceStatesCsv(states, plant.timezone));
  return (
    <>
      <div className="helio-metric-log__controls">
        <Button icon="download" text={t('logs.exportCsv')} onClick={exportCsv} data-testid="devices-export" />
      </div>
      {shadow.isError && !shadow.data && (
        <ErrorPanel title={t('states.shadowErrorTitle')} description={t('states.errorDescription')} onRetry={() => shadow.refetch()} />
      )}
      <section className="helio-devices" aria-label={t(DEVICE_PAGE_NAMES[kind], { ns: 'common' })}>
        {states.map((state) => (
          <DeviceCard key={state.device.id} state={state} />
        ))}
      </section>
    </>
  );
}

export default function DevicesPage({ kind }: { kind: DevicePageKind }) {
  const { t } = useTranslation('monitoring-app');
  const { plant } = useActivePlant();
  return (
    <div className="helio-metric-log">
      <PageHeader page={DEVICE_PAGE_NAMES[kind]} name={plant?.name} description={t(`devices.${kind}.description`)} />
      <PlantGate>{(active) => <PlantDevices key={active.id} plant={active} kind={kind} />}</PlantGate>
    </div>
  );
}
