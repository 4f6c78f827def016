// The Helio gateway's own word on /services: each device it reads with its identity (SunSpec model 1,
// from the reported `Devices`) and whether it answers, its outbox of reports waiting for the broker,
// and its export-limit loop (beside the limit in force, worded as every page words it). Gateways that send no health (simulated ones) get a plain note.
import React from 'react';
import { useTranslation } from 'react-i18next';
import { Card, H3, HTMLTable, Spinner, Tag } from '@blueprintjs/core';
import {
  ErrorPanel,
  formatDateTime,
  formatNumber,
  usePlantExportLimit,
  type GatewayHealth,
  type Plant,
  type Shadow,
} from '@helio/shared-utils';
import { useGatewayHealth } from './services.resource';

interface DeviceFacts {
  maker?: string;
  model?: string;
  serial?: string;
  firmware?: string;
}

const at = (ms: number | undefined) => (ms === undefined ? '–' : formatDateTime(ms));

/** The identity the gateway reported for a device, by its id (`inverter-1`…). */
function factsOf(shadow: Shadow | undefined, id: string): DeviceFacts {
  const devices = shadow?.state.reported.Devices;
  const entry = typeof devices === 'object' && devices !== null ? (devices as Record<string, unknown>)[id] : undefined;
  if (typeof entry !== 'object' || entry === null) return {};
  const text = (key: string) => {
    const value = (entry as Record<string, unknown>)[key];
    return typeof value === 'string' && value !== '' ? value : undefined;
  };
  return { maker: text('maker'), model: text('model'), serial: text('serial'), firmware: text('firmware') };
}

function DevicesTable({ health, shadow }: { health: GatewayHealth; shadow: Shadow | undefined }) {
  const { t } = useTranslation('monitoring-app');
  return (
    <HTMLTable compact striped className="helio-services__devices" data-testid="gateway-devices">
      <thead>
        <tr>
          <th scope="col">{t('services.health.device')}</th>
          <th scope="col">{t('services.health.makerModel')}</th>
          <th scope="col">{t('services.health.serial')}</th>
          <th scope="col">{t('services.firmware')}</th>
          <th scope="col">{t('services.health.address')}</th>
          <th scope="col">{t('services.status')}</th>
          <th scope="col">{t('services.health.lastAnswer')}</th>
        </tr>
      </thead>
      <tbody>
        {health.devices.map((device) => {
          const facts = factsOf(shadow, device.id);
          return (
            <tr key={device.id} data-testid="gateway-device" data-device={device.id}>
              <th scope="row">
                {t(`services.health.kinds.${device.kind}`, { defaultValue: device.kind, n: device.id.split('-').at(-1) })}
              </th>
              <td>{[facts.maker, facts.model].filter(Boolean).join(' ') || '–'}</td>
              <td>{facts.serial ?? '–'}</td>
              <td>{facts.firmware ?? '–'}</td>
              <td>
                <code>{device.address}</code>
              </td>
              <td>
                <Tag intent={device.answering ? 'success' : 'danger'} title={device.error}>
                  {t(device.answering ? 'services.health.answering' : 'services.health.silent')}
                </Tag>
                {!device.answering && device.error && <div className="helio-services__error">{device.error}</div>}
              </td>
              <td>{at(device.lastAnswerAt)}</td>
            </tr>
          );
        })}
      </tbody>
    </HTMLTable>
  );
}

export function GatewayHealthCard({ plant, shadow }: { plant: Plant; shadow: Shadow | undefined }) {
  const { t } = useTranslation('monitoring-app');
  const query = useGatewayHealth(plant);
  // the limit itself in the plant detail's and /rc's words; the loop's mode and cap are the gateway's own
  const exportLimit = usePlantExportLimit(plant.thingName, plant.gridExportLimitKw ?? null);
  const health = query.data?.health;
  let body: React.ReactNode;
  if (query.isError && !query.data) {
    body = <ErrorPanel title={t('services.health.errorTitle')} onRetry={() => query.refetch()} />;
  } else if (!query.data) {
    body = <Spinner size={24} />;
  } else if (!health) {
    body = <p data-testid="gateway-health-none">{t('services.health.none')}</p>;
  } else {
    const loop = health.exportLimit;
    body = (
      <>
        <DevicesTable health={health} shadow={shadow} />
        <HTMLTable compact className="helio-services__facts">
          <tbody>
            <tr>
              <th scope="row">{t('services.health.version')}</th>
              <td>{health.version}</td>
            </tr>
            <tr>
              <th scope="row">{t('services.health.buffered')}</th>
              <td data-testid="gateway-buffered">
                {formatNumber(health.buffered)}
                {health.oldestBufferedAt !== undefined && ` · ${t('services.health.oldest', { time: at(health.oldestBufferedAt) })}`}
              </td>
            </tr>
            <tr>
              <th scope="row">{t('services.health.dropped')}</th>
              <td>{formatNumber(health.dropped)}</td>
            </tr>
            <tr>
              <th scope="row">{t('services.health.lastPublish')}</th>
              <td>{at(health.lastPublishAt)}</td>
            </tr>
            {loop && (
              <tr>
                <th scope="row">{t('services.health.exportLoop')}</th>
                <td data-testid="gateway-export-loop">
                  <span data-testid="gateway-export-limit">{exportLimit.text}</span>
                  {' · '}
                  {t(`services.health.loop.${loop.mode}`, { defaultValue: loop.mode })}
                  {loop.capW !== null &&
                    ` · ${t('services.health.cap', { power: formatNumber(loop.capW / 1000, { maximumFractionDigits: 2 }) })}`}
                </td>
              </tr>
            )}
            <tr>
              <th scope="row">{t('services.health.measured')}</th>
              <td>{at(health.at)}</td>
            </tr>
          </tbody>
        </HTMLTable>
      </>
    );
  }
  return (
    <Card className="helio-services__card helio-services__card--wide" data-testid="gateway-health">
      <H3>{t('services.health.title')}</H3>
      {body}
    </Card>
  );
}
