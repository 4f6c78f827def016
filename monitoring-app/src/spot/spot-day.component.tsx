// One delivery day: its cheapest, dearest and average price and every period in a table, with the
// cheapest and dearest hours marked.
import React from 'react';
import { useTranslation } from 'react-i18next';
import { Card, H3, HTMLTable, NonIdealState, Tag } from '@blueprintjs/core';
import { formatDateTime, formatNumber, formatPricePerKwh, priceUnit, type SpotDay } from '@helio/shared-utils';
import { markPrices, summarise } from './price-marks';
import { TableRegion } from '../common/table-region.component';

const eur = (v: number) => `${formatNumber(v, { minimumFractionDigits: 2, maximumFractionDigits: 2 })}\u00a0EUR/MWh`;
const czk = (v: number) => formatPricePerKwh(v, 'CZK', { minimumFractionDigits: 3, maximumFractionDigits: 3 });

export function SpotDayCard({ day, title, timeZone, eurCzk }: { day: SpotDay; title: string; timeZone: string; eurCzk: number }) {
  const { t } = useTranslation('monitoring-app');
  const time = (iso: string) => formatDateTime(Date.parse(iso), { hour: '2-digit', minute: '2-digit', timeZone });
  const heading = `${title} · ${formatDateTime(Date.parse(`${day.date}T12:00:00Z`), { dateStyle: 'full', timeZone: 'UTC' })}`;
  const summary = summarise(day.prices);
  if (!summary) {
    return (
      <Card className="helio-metric-log__section" data-testid={`spot-day-${day.date}`}>
        <H3>{heading}</H3>
        <NonIdealState icon="time" title={t('spot.notPublishedTitle')} description={t('spot.notPublishedDescription')} />
      </Card>
    );
  }
  const marks = markPrices(day.prices);
  return (
    <Card className="helio-metric-log__section" data-testid={`spot-day-${day.date}`}>
      <H3>{heading}</H3>
      <div className="helio-spot__summary">
        <span>
          {t('spot.cheapest')}: <strong>{eur(summary.min.eurMwh)}</strong> ({time(summary.min.start)})
        </span>
        <span>
          {t('spot.dearest')}: <strong>{eur(summary.max.eurMwh)}</strong> ({time(summary.max.start)})
        </span>
        <span>
          {t('spot.average')}: <strong>{eur(summary.averageEurMwh)}</strong> / {czk((summary.averageEurMwh * eurCzk) / 1000)}
        </span>
      </div>
      <TableRegion label={heading}>
        <HTMLTable compact striped className="helio-series-table__table">
          <thead>
            <tr>
              <th>{t('spot.period')}</th>
              <th className="helio-num">EUR/MWh</th>
              <th className="helio-num">{priceUnit('CZK')}</th>
              <th />
            </tr>
          </thead>
          <tbody>
            {day.prices.map((price, i) => (
              <tr key={price.start} data-testid="spot-row" data-mark={marks[i] ?? ''}>
                <td>
                  {time(price.start)}–{time(price.end)}
                </td>
                <td className="helio-num">{formatNumber(price.eurMwh, { minimumFractionDigits: 2, maximumFractionDigits: 2 })}</td>
                <td className="helio-num">{formatNumber(price.czkKwh, { minimumFractionDigits: 3, maximumFractionDigits: 3 })}</td>
                <td>
                  {marks[i] === 'cheapest' && (
                    <Tag intent="success" minimal>
                      {t('spot.cheapHour')}
                    </Tag>
                  )}
                  {marks[i] === 'dearest' && (
                    <Tag intent="danger" minimal>
                      {t('spot.dearHour')}
                    </Tag>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </HTMLTable>
      </TableRegion>
    </Card>
  );
}
