// Alerts of the period by kind: how many, and how long they stayed open.
import React from 'react';
import { useTranslation } from 'react-i18next';
import type { AlertTally } from '@helio/contracts';
import { formatHours } from './format';

export function AlertTallies({ alerts }: { alerts: readonly AlertTally[] }) {
  const { t } = useTranslation('analytics-app');
  if (alerts.length === 0) return <p data-testid="alerts-none">{t('overview.noAlerts')}</p>;
  return (
    <ul className="helio-analytics__alerts" data-testid="alert-tallies">
      {alerts.map((alert) => (
        <li key={alert.kind}>
          <strong>{t(`alertKinds.${alert.kind}`, { defaultValue: alert.kind })}</strong>:{' '}
          {t('alertTally', { count: alert.count, hours: formatHours(alert.hours) })}
        </li>
      ))}
    </ul>
  );
}
