// The overview tab: the plant's facts and its gateway's live status.
import { Card, H4, HTMLTable, Tag } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { formatDateTime, formatNumber, usePlantExportLimit, type PlantDetail, type RegistryPlant } from '@helio/shared-utils';
import { FactsCard, type Fact } from '../common/facts-card.component';
import { GatewayPasswordAction } from './gateway-password.component';

const num = (value: number | null, unit: string) => (value === null ? '—' : `${formatNumber(value, { maximumFractionDigits: 2 })} ${unit}`);
const time = (iso: string | null) => (iso ? formatDateTime(new Date(iso)) : '—');

export function PlantOverview({ plant, status }: { plant: PlantDetail; status: RegistryPlant | undefined }) {
  const { t } = useTranslation('management-app');
  // The limit in force as the inverter reports it, the same helper as /rc's and every page's.
  const exportLimit = usePlantExportLimit(plant.thingName, plant.gridExportLimitKw);
  const facts: Fact[] = [
    [t('fields.thingName'), plant.thingName],
    [t('fields.location'), plant.location],
    [t('fields.address'), plant.address || '—'],
    [
      t('overview.coordinates'),
      `${formatNumber(plant.latitude, { maximumFractionDigits: 5 })}, ${formatNumber(plant.longitude, { maximumFractionDigits: 5 })}`,
    ],
    [t('fields.timezone'), plant.timezone],
    [t('fields.pvPeakKw'), num(plant.pvPeakKw, 'kWp')],
    [t('fields.batteryKwh'), num(plant.batteryKwh, 'kWh')],
    [t('fields.chargerKw'), num(plant.chargerKw, 'kW')],
    [t('overview.exportLimit'), <span data-testid="plant-export-limit">{exportLimit.text}</span>],
  ];
  return (
    <div className="helio-management-overview">
      <FactsCard title={t('overview.facts')} facts={facts} />
      <Card data-testid="plant-live-status">
        <H4>{t('overview.gateway')}</H4>
        {status ? (
          <HTMLTable compact className="helio-management-facts">
            <tbody>
              <tr>
                <th>{t('plants.columns.status')}</th>
                <td>
                  <Tag
                    minimal
                    round
                    intent={status.status === 'online' ? 'success' : 'none'}
                    data-testid="detail-status"
                    data-status={status.status}
                  >
                    {t(`status.${status.status}`)}
                  </Tag>
                </td>
              </tr>
              <tr>
                <th>{t('overview.lastSeen')}</th>
                <td>{time(status.lastSeen)}</td>
              </tr>
              <tr>
                <th>{t('overview.connectedSince')}</th>
                <td>{time(status.connectedSince)}</td>
              </tr>
              <tr>
                <th>{t('overview.clientId')}</th>
                <td>
                  <code>{status.gatewayClientId}</code>
                </td>
              </tr>
              <tr>
                <th>{t('overview.firmware')}</th>
                <td>{status.firmware ?? '—'}</td>
              </tr>
            </tbody>
          </HTMLTable>
        ) : (
          <p className="helio-management-muted">{t('overview.statusUnavailable')}</p>
        )}
        <GatewayPasswordAction plant={plant} />
      </Card>
    </div>
  );
}
