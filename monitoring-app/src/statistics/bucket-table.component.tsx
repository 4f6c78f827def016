// The period's buckets in numbers, as the chart draws them.
import React from 'react';
import { useTranslation } from 'react-i18next';
import { HTMLTable } from '@blueprintjs/core';
import type { BucketEnergy } from './bucket-energy';
import { formatKwh } from './balance-summary.component';
import { TableRegion } from '../common/table-region.component';

const COLUMNS = ['produced', 'consumed', 'selfConsumed', 'imported', 'exported', 'batteryCharged', 'batteryDischarged'] as const;

export function BucketTable({ buckets, formatTime }: { buckets: readonly BucketEnergy[]; formatTime: (ms: number) => string }) {
  const { t } = useTranslation('monitoring-app');
  return (
    <TableRegion label={t('statistics.tableLabel')}>
      <HTMLTable compact striped className="helio-series-table__table" data-testid="statistics-table">
        <thead>
          <tr>
            <th>{t('logs.columns.time')}</th>
            {COLUMNS.map((c) => (
              <th key={c} className="helio-num">
                {t(`statistics.${c}`)}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {buckets.map(({ time, balance }) => (
            <tr key={time}>
              <td>{formatTime(time)}</td>
              {COLUMNS.map((c) => (
                <td key={c} className="helio-num">
                  {formatKwh(balance[c])}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </HTMLTable>
    </TableRegion>
  );
}
