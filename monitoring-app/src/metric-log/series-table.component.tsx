// The rows of a metric's series as a table: what the chart draws, in numbers.
import React from 'react';
import { useTranslation } from 'react-i18next';
import { HTMLTable } from '@blueprintjs/core';
import { formatDateTime, formatNumber, type Granularity, type TimeSeriesRow } from '@helio/shared-utils';

const TIME_FORMAT: Record<Granularity, Intl.DateTimeFormatOptions> = {
  '1m': { dateStyle: 'short', timeStyle: 'short' },
  '15m': { dateStyle: 'short', timeStyle: 'short' },
  '1h': { dateStyle: 'short', timeStyle: 'short' },
  '1d': { dateStyle: 'medium' },
  '1M': { month: 'long', year: 'numeric' },
};

export interface SeriesTableProps {
  rows: readonly TimeSeriesRow[];
  granularity: Granularity;
  formatValue: (value: number) => string;
}

export function SeriesTable({ rows, granularity, formatValue }: SeriesTableProps) {
  const { t } = useTranslation('monitoring-app');
  const hasEnergy = rows.some((row) => row.energyKwh !== null);
  return (
    <div className="helio-series-table">
      <HTMLTable compact striped className="helio-series-table__table" data-testid="series-table">
        <thead>
          <tr>
            <th>{t('logs.columns.time')}</th>
            <th className="helio-num">{t('logs.columns.avg')}</th>
            <th className="helio-num">{t('logs.columns.min')}</th>
            <th className="helio-num">{t('logs.columns.max')}</th>
            <th className="helio-num">{t('logs.columns.last')}</th>
            <th className="helio-num">{t('logs.columns.count')}</th>
            {hasEnergy && <th className="helio-num">{t('logs.columns.energy')}</th>}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.time}>
              <td>{formatDateTime(Date.parse(row.time), TIME_FORMAT[granularity])}</td>
              <td className="helio-num">{formatValue(row.avg)}</td>
              <td className="helio-num">{formatValue(row.min)}</td>
              <td className="helio-num">{formatValue(row.max)}</td>
              <td className="helio-num">{formatValue(row.last)}</td>
              <td className="helio-num">{formatNumber(row.count)}</td>
              {hasEnergy && (
                <td className="helio-num">
                  {row.energyKwh === null ? '–' : `${formatNumber(row.energyKwh, { maximumFractionDigits: 3 })}\u00a0kWh`}
                </td>
              )}
            </tr>
          ))}
        </tbody>
      </HTMLTable>
    </div>
  );
}
