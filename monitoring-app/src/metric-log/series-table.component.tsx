// The rows of a metric's series as a table: what the chart draws, in numbers, a page of rows at a
// time (a year at 1 hour is 8,760 rows: all of them at once froze the page for seconds).
import React, { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, ButtonGroup, HTMLTable } from '@blueprintjs/core';
import { TableRegion } from '../common/table-region.component';
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

/** Rows per page: a day at 15 minutes fits on one. */
export const SERIES_PAGE_SIZE = 200;

export function SeriesTable({ rows, granularity, formatValue }: SeriesTableProps) {
  const { t } = useTranslation('monitoring-app');
  const [page, setPage] = useState(0);
  const hasEnergy = rows.some((row) => row.energyKwh !== null);
  const pages = Math.max(1, Math.ceil(rows.length / SERIES_PAGE_SIZE));
  const current = Math.min(page, pages - 1);
  const shown = rows.slice(current * SERIES_PAGE_SIZE, (current + 1) * SERIES_PAGE_SIZE);
  return (
    <TableRegion label={t('logs.tableLabel')}>
      {pages > 1 && (
        <div className="helio-series-table__pager" data-testid="series-pager">
          <span>
            {t('logs.pager.rows', {
              from: formatNumber(current * SERIES_PAGE_SIZE + 1),
              to: formatNumber(current * SERIES_PAGE_SIZE + shown.length),
              total: formatNumber(rows.length),
            })}
          </span>
          <ButtonGroup>
            <Button
              icon="chevron-left"
              aria-label={t('logs.pager.previous')}
              disabled={current === 0}
              onClick={() => setPage(current - 1)}
              data-testid="series-previous"
            />
            <Button
              icon="chevron-right"
              aria-label={t('logs.pager.next')}
              disabled={current === pages - 1}
              onClick={() => setPage(current + 1)}
              data-testid="series-next"
            />
          </ButtonGroup>
        </div>
      )}
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
          {shown.map((row) => (
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
    </TableRegion>
  );
}
