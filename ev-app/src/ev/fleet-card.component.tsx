// Every charger of the plants the user may see, with its state and today's energy.
import React from 'react';
import { useTranslation } from 'react-i18next';
import { Button, Card, H4, HTMLTable, Tag } from '@blueprintjs/core';
import type { ChargerView } from '@helio/contracts';
import { downloadCsv, formatNumber } from '@helio/shared-utils';
import { fleetCsv, fleetFileName } from './ev-data';

export function FleetCard({ chargers }: { chargers: readonly ChargerView[] }) {
  const { t } = useTranslation('ev-app');
  return (
    <Card className="helio-ev__section" data-testid="fleet">
      <div className="helio-ev__heading">
        <H4>{t('fleet.title')}</H4>
        <Button
          icon="download"
          text={t('exportCsv')}
          disabled={chargers.length === 0}
          onClick={() => downloadCsv(fleetFileName(chargers, Date.now()), fleetCsv(chargers))}
        />
      </div>
      <HTMLTable compact striped className="helio-ev__table">
        <thead>
          <tr>
            <th>{t('fleet.plant')}</th>
            <th>{t('fleet.charger')}</th>
            <th>{t('fleet.state')}</th>
            <th>{t('live.power')}</th>
            <th>{t('settings.mode')}</th>
            <th>{t('fleet.today')}</th>
          </tr>
        </thead>
        <tbody>
          {chargers.map((c) => (
            <tr key={c.deviceId} data-testid="fleet-row">
              <td>{c.plantName}</td>
              <td>{c.name}</td>
              <td>
                <Tag intent={c.connected ? (c.powerW > 0 ? 'primary' : 'success') : 'none'} minimal>
                  {c.connected === null
                    ? t('fleet.unknown')
                    : c.connected
                      ? c.powerW > 0
                        ? t('fleet.charging')
                        : t('live.connected')
                      : t('live.notConnected')}
                </Tag>
              </td>
              <td>{formatNumber(c.powerW / 1000, { maximumFractionDigits: 2 })}&nbsp;kW</td>
              <td>{c.mode ? t(`modes.${c.mode}`) : '–'}</td>
              <td>{formatNumber(c.todayKwh, { maximumFractionDigits: 2 })}&nbsp;kWh</td>
            </tr>
          ))}
        </tbody>
      </HTMLTable>
    </Card>
  );
}
