// /services: is the active plant's data flowing? Its gateway's connection (online, since, last
// report), how late its data is, the server's own connection to the MQTT broker, and the gateway's
// health (its devices, its outbox) when it sends one; for who may set them, the server's retention
// tiers of the time series.
import React from 'react';
import { useTranslation } from 'react-i18next';
import { Card, H3, HTMLTable, Intent, Spinner, Tag } from '@blueprintjs/core';
import {
  ErrorPanel,
  formatDateTime,
  formatNumber,
  PageHeader,
  useActivePlant,
  useNow,
  useShadow,
  type Plant,
  PlantGate,
} from '@helio/shared-utils';
import { delayLevel, delayParts, newestReport, type DelayLevel } from './data-delay';
import { useBrokerStatus, useRegistryPlant } from './services.resource';
import { GatewayHealthCard } from './gateway-health.component';
import { SeriesTiersCard } from './series-tiers.component';
import '../common/monitoring-page.css';
import './services.css';

const LEVEL_INTENT: Record<DelayLevel, Intent> = { live: 'success', stale: 'warning', offline: 'danger', never: 'none' };
const at = (iso: string | null) => (iso ? formatDateTime(Date.parse(iso)) : '–');

function Row({ label, children, testId }: { label: string; children: React.ReactNode; testId?: string }) {
  return (
    <tr>
      <th scope="row">{label}</th>
      <td data-testid={testId}>{children}</td>
    </tr>
  );
}

function PlantServices({ plant }: { plant: Plant }) {
  const { t } = useTranslation('monitoring-app');
  const registry = useRegistryPlant(plant);
  const broker = useBrokerStatus();
  const shadow = useShadow(plant.thingName);
  const now = useNow(1000);
  const gateway = registry.data;
  const lastReport = newestReport(shadow.data);
  const level = delayLevel(lastReport, now, gateway?.connected ?? null);
  const delay = lastReport === null ? null : delayParts(now - lastReport);

  if (registry.isError && !gateway) {
    return <ErrorPanel title={t('services.errorTitle')} description={t('states.errorDescription')} onRetry={() => registry.refetch()} />;
  }
  if (!gateway) return <Spinner className="helio-dashboard__spinner" />;
  return (
    <div className="helio-services">
      <Card className="helio-services__card">
        <H3>{t('services.gateway')}</H3>
        <HTMLTable compact className="helio-services__facts">
          <tbody>
            <Row label={t('services.status')} testId="gateway-status">
              <Tag intent={gateway.status === 'online' ? 'success' : 'danger'}>{t(`services.${gateway.status}`)}</Tag>
            </Row>
            <Row label={t('services.clientId')}>
              <code>{gateway.gatewayClientId}</code>
            </Row>
            <Row label={t('services.connectedSince')}>{gateway.connected ? at(gateway.connectedSince) : t('services.notConnected')}</Row>
            <Row label={t('services.lastSeen')}>{at(gateway.lastSeen)}</Row>
            <Row label={t('services.firmware')}>{gateway.firmware ?? '–'}</Row>
            <Row label={t('services.shadowVersion')}>{formatNumber(gateway.shadowVersion)}</Row>
            <Row label={t('services.credentials')}>
              {t(gateway.hasCredentials ? 'services.credentialsSet' : 'services.credentialsMissing')}
            </Row>
          </tbody>
        </HTMLTable>
      </Card>
      <Card className="helio-services__card">
        <H3>{t('services.dataDelay')}</H3>
        <div className="helio-services__delay" data-testid="data-delay">
          {delay ? formatNumber(delay.value, { style: 'unit', unit: delay.unit, unitDisplay: 'long' }) : '–'}
        </div>
        <Tag intent={LEVEL_INTENT[level]} data-testid="data-delay-level">
          {t(`services.levels.${level}`)}
        </Tag>
        <p className="helio-services__hint">{t('services.delayHint')}</p>
      </Card>
      <Card className="helio-services__card">
        <H3>{t('services.broker')}</H3>
        {broker.data ? (
          <HTMLTable compact className="helio-services__facts">
            <tbody>
              <Row label={t('services.status')} testId="broker-status">
                <Tag intent={broker.data.connected ? 'success' : 'danger'}>
                  {t(broker.data.connected ? 'services.brokerConnected' : 'services.brokerDisconnected')}
                </Tag>
              </Row>
              <Row label={t('services.brokerKind')}>{t(broker.data.embedded ? 'services.embedded' : 'services.external')}</Row>
              <Row label={t('services.connectedSince')}>{at(broker.data.since)}</Row>
            </tbody>
          </HTMLTable>
        ) : broker.isError ? (
          <ErrorPanel title={t('services.brokerErrorTitle')} onRetry={() => broker.refetch()} />
        ) : (
          <Spinner size={24} />
        )}
      </Card>
      <GatewayHealthCard plant={plant} shadow={shadow.data} />
    </div>
  );
}

export default function ServicesPage() {
  const { t } = useTranslation('monitoring-app');
  const { plant } = useActivePlant();
  return (
    <div>
      <PageHeader page="pages.services" name={plant?.name} description={t('services.description')} />
      <PlantGate>{(active) => <PlantServices key={active.id} plant={active} />}</PlantGate>
      <div className="helio-services helio-services--server">
        <SeriesTiersCard />
      </div>
    </div>
  );
}
