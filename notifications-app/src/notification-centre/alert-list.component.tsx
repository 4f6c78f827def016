// The alerts as a table: severity, what happened (with its figures), plant, start, end, and read.
import React from 'react';
import { Button, Classes, HTMLTable, Tag } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { formatDateTime, formatNumber } from '@helio/shared-utils';
import type { Alert } from '../api/notifications-api';
import { alertText, type DetailValue } from './alert-text';

const format = (value: DetailValue): string =>
  'number' in value ? formatNumber(value.number) : 'time' in value ? formatDateTime(value.time) : value.text;

function AlertRow({ alert, onMarkRead, marking }: { alert: Alert; onMarkRead: (id: string) => void; marking: boolean }) {
  const { t } = useTranslation('notifications-app');
  const text = alertText(alert);
  const values = Object.fromEntries(Object.entries(text.values).map(([k, v]) => [k, format(v)]));
  return (
    <tr data-testid={`alert-${alert.id}`} className={alert.read ? 'helio-alert--read' : 'helio-alert--unread'}>
      <td>
        <Tag intent={alert.severity === 'critical' ? 'danger' : 'warning'} minimal={alert.read}>
          {t(`severity.${alert.severity}`)}
        </Tag>
      </td>
      <td>
        <strong className="helio-alert__title">{t(text.titleKey)}</strong>
        {text.detailKey && <div className={Classes.TEXT_MUTED}>{t(text.detailKey, values)}</div>}
      </td>
      <td>{alert.plantName}</td>
      <td>{formatDateTime(Date.parse(alert.startedAt))}</td>
      <td>
        {alert.endedAt ? (
          formatDateTime(Date.parse(alert.endedAt))
        ) : (
          <Tag minimal intent="primary" icon="pulse">
            {t('list.ongoing')}
          </Tag>
        )}
      </td>
      <td className="helio-alert__read">
        {alert.read ? (
          <span className={Classes.TEXT_MUTED}>{t('list.read')}</span>
        ) : (
          <Button
            size="small"
            variant="outlined"
            icon="eye-open"
            loading={marking}
            onClick={() => onMarkRead(alert.id)}
            text={t('list.markRead')}
          />
        )}
      </td>
    </tr>
  );
}

interface AlertListProps {
  alerts: Alert[];
  onMarkRead: (ids: string[]) => void;
  markingIds: readonly string[];
}

export function AlertList({ alerts, onMarkRead, markingIds }: AlertListProps) {
  const { t } = useTranslation('notifications-app');
  return (
    <HTMLTable className="helio-alert-list" striped compact>
      <thead>
        <tr>
          <th>{t('list.severity')}</th>
          <th>{t('list.alert')}</th>
          <th>{t('list.plant')}</th>
          <th>{t('list.started')}</th>
          <th>{t('list.ended')}</th>
          <th>
            <span className={Classes.TEXT_MUTED}>{t('list.readState')}</span>
          </th>
        </tr>
      </thead>
      <tbody>
        {alerts.map((alert) => (
          <AlertRow key={alert.id} alert={alert} marking={markingIds.includes(alert.id)} onMarkRead={(id) => onMarkRead([id])} />
        ))}
      </tbody>
    </HTMLTable>
  );
}
