// /management: the fleet at a glance. How many plants are online, offline and with open alerts, the
// installed PV and battery capacity, today's production (each plant's own day), and the plants that
// need attention first, most severe first.
import { Card, H4, HTMLTable, Icon, NonIdealState, Spinner, Tag } from '@blueprintjs/core';
import type { IconName, Intent } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { apiErrorText, formatDateTime, formatNumber, PageHeader, type AttentionPlant } from '@helio/shared-utils';
import { useFleetSummary } from './fleet.resource';

interface FigureProps {
  id: string;
  icon: IconName;
  label: string;
  value: string;
  intent?: Intent;
  to?: string;
}

function Figure({ id, icon, label, value, intent, to }: FigureProps) {
  const body = (
    <>
      <div className="helio-management-muted">
        <Icon icon={icon} intent={intent} size={14} /> {label}
      </div>
      <div className="helio-management-figure" data-testid={`fleet-${id}`}>
        {value}
      </div>
    </>
  );
  return <Card className="helio-management-card">{to ? <Link to={to}>{body}</Link> : body}</Card>;
}

function AttentionReason({ plant }: { plant: AttentionPlant }) {
  const { t } = useTranslation('management-app');
  return (
    <>
      {plant.criticalAlerts > 0 && (
        <Tag minimal intent="danger" icon="error">
          {t('fleet.critical', { count: plant.criticalAlerts })}
        </Tag>
      )}{' '}
      {plant.status === 'offline' && (
        <Tag minimal icon="offline">
          {t('status.offline')}
        </Tag>
      )}{' '}
      {plant.warningAlerts > 0 && (
        <Tag minimal intent="warning" icon="warning-sign">
          {t('fleet.warning', { count: plant.warningAlerts })}
        </Tag>
      )}
    </>
  );
}

export default function FleetPage() {
  const { t } = useTranslation('management-app');
  const summary = useFleetSummary();
  const kw = (value: number, unit: string) => `${formatNumber(value, { maximumFractionDigits: 1 })} ${unit}`;

  return (
    <div className="helio-management-page">
      <PageHeader page="pages.fleet" description={t('fleet.description')} />
      {summary.isPending ? (
        <Spinner />
      ) : summary.isError ? (
        <NonIdealState icon="error" title={t('fleet.loadFailed')} description={apiErrorText(summary.error)} />
      ) : (
        <>
          <div className="helio-management-figures">
            <Figure id="plants" icon="office" label={t('fleet.plants')} value={formatNumber(summary.data.plants)} to="/management/plants" />
            <Figure id="online" icon="signal-search" intent="success" label={t('fleet.online')} value={formatNumber(summary.data.online)} />
            <Figure id="offline" icon="offline" label={t('fleet.offline')} value={formatNumber(summary.data.offline)} />
            <Figure
              id="alerts"
              icon="warning-sign"
              intent="warning"
              label={t('fleet.withAlerts')}
              value={formatNumber(summary.data.withOpenAlerts)}
              to="/notifications"
            />
            <Figure id="pv" icon="flash" label={t('fleet.pv')} value={kw(summary.data.pvPeakKw, 'kWp')} />
            <Figure id="battery" icon="power" label={t('fleet.battery')} value={kw(summary.data.batteryKwh, 'kWh')} />
            <Figure id="today" icon="lightning" label={t('fleet.today')} value={kw(summary.data.todayEnergyKwh, 'kWh')} />
          </div>
          <Card className="helio-management-card">
            <H4>{t('fleet.attention')}</H4>
            {summary.data.attention.length === 0 ? (
              <NonIdealState icon="tick-circle" title={t('fleet.allWell')} />
            ) : (
              <>
                <HTMLTable compact striped className="helio-management-table" data-testid="fleet-attention">
                  <thead>
                    <tr>
                      <th>{t('plants.columns.name')}</th>
                      <th>{t('fleet.reason')}</th>
                      <th>{t('fleet.lastSeen')}</th>
                    </tr>
                  </thead>
                  <tbody>
                    {summary.data.attention.map((plant) => (
                      <tr key={plant.id} data-testid="attention-row" data-thing={plant.thingName}>
                        <td>
                          <Link to={`/management/plants/${encodeURIComponent(plant.id)}`}>{plant.name}</Link>
                        </td>
                        <td>
                          <AttentionReason plant={plant} />
                        </td>
                        <td className="helio-management-muted">
                          {plant.lastSeen ? formatDateTime(new Date(plant.lastSeen)) : t('plants.neverSeen')}
                        </td>
                      </tr>
                    ))}
                  </tbody>
                </HTMLTable>
                {summary.data.attentionTotal > summary.data.attention.length && (
                  <p className="helio-management-muted">
                    {t('fleet.more', { count: summary.data.attentionTotal - summary.data.attention.length })}
                  </p>
                )}
              </>
            )}
          </Card>
        </>
      )}
    </div>
  );
}
