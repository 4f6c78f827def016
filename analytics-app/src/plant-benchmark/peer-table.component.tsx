// The months of the peer comparison as a table: the chart's figures, readable without it.
import React from 'react';
import { useTranslation } from 'react-i18next';
import { HTMLTable } from '@blueprintjs/core';
import type { PeerMonth } from '@helio/contracts';
import type { BenchmarkMetric } from '@helio/contracts/limits';
import { formatDateTime } from '@helio/shared-utils';
import { formatMetric } from '../common/format';

export function PeerTable({ months, metric }: { months: readonly PeerMonth[]; metric: BenchmarkMetric }) {
  const { t } = useTranslation('analytics-app');
  return (
    <HTMLTable compact striped className="helio-analytics__table" data-testid="peer-table" aria-label={t('plant.chartLabel')}>
      <thead>
        <tr>
          <th>{t('plant.monthColumn')}</th>
          <th className="helio-num">{t('plant.series.value')}</th>
          <th className="helio-num">{t('plant.series.p25')}</th>
          <th className="helio-num">{t('plant.series.median')}</th>
          <th className="helio-num">{t('plant.series.p75')}</th>
        </tr>
      </thead>
      <tbody>
        {months.map((m) => (
          <tr key={m.month} data-testid="peer-month" data-month={m.month}>
            <td>{formatDateTime(Date.parse(`${m.month}-15T12:00:00Z`), { month: 'long', timeZone: 'UTC' })}</td>
            <td className="helio-num" data-testid="peer-value">
              {formatMetric(metric, m.value)}
            </td>
            <td className="helio-num">{formatMetric(metric, m.p25)}</td>
            <td className="helio-num">{formatMetric(metric, m.median)}</td>
            <td className="helio-num">{formatMetric(metric, m.p75)}</td>
          </tr>
        ))}
      </tbody>
    </HTMLTable>
  );
}
