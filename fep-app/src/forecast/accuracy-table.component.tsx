// The past days: the forecast the user had when each day began against what the plant produced.
import React from 'react';
import { useTranslation } from 'react-i18next';
import { HTMLTable, Tag } from '@blueprintjs/core';
import { formatDateTime, formatNumber } from '@helio/shared-utils';
import type { ForecastAccuracy } from '@helio/contracts';

const number = (value: number | null, digits: number) =>
  value === null ? '–' : formatNumber(value, { minimumFractionDigits: digits, maximumFractionDigits: digits });
const percent = (share: number | null) => (share === null ? '–' : formatNumber(share, { style: 'percent', maximumFractionDigits: 0 }));

export function AccuracyTable({ accuracy, timeZone }: { accuracy: ForecastAccuracy; timeZone: string }) {
  const { t } = useTranslation('fep-app');
  const dateOf = (date: string) =>
    formatDateTime(Date.parse(`${date}T12:00:00Z`), { weekday: 'short', day: 'numeric', month: 'numeric', timeZone: 'UTC' });
  return (
    <HTMLTable compact striped className="helio-forecast__table" data-testid="accuracy-table" aria-label={t('accuracy.tableLabel')}>
      <thead>
        <tr>
          <th scope="col">{t('accuracy.date')}</th>
          <th scope="col">{t('accuracy.issued')}</th>
          <th scope="col" className="helio-num">
            {t('accuracy.forecastKwh')}
          </th>
          <th scope="col" className="helio-num">
            {t('accuracy.actualKwh')}
          </th>
          <th scope="col" className="helio-num">
            {t('accuracy.mae')}
          </th>
          <th scope="col" className="helio-num">
            {t('accuracy.nmae')}
          </th>
          <th scope="col" className="helio-num">
            {t('accuracy.persistence')}
          </th>
          <th scope="col" className="helio-num">
            {t('accuracy.skill')}
          </th>
        </tr>
      </thead>
      <tbody>
        {accuracy.days.map((day) => (
          <tr key={day.date} data-testid="accuracy-row">
            <th scope="row">{dateOf(day.date)}</th>
            <td>
              {day.issuedAt
                ? formatDateTime(Date.parse(day.issuedAt), {
                    day: 'numeric',
                    month: 'numeric',
                    hour: '2-digit',
                    minute: '2-digit',
                    timeZone,
                  })
                : t('accuracy.noForecast')}
              {day.reconstructed && (
                <Tag minimal className="helio-forecast__tag" title={t('accuracy.reconstructedHint')}>
                  {t('accuracy.reconstructed')}
                </Tag>
              )}
            </td>
            <td className="helio-num">{number(day.forecastKwh, 1)}</td>
            <td className="helio-num">{number(day.actualKwh, 1)}</td>
            <td className="helio-num">{number(day.maeKw, 2)}</td>
            <td className="helio-num">{day.nmaePct === null ? '–' : `${number(day.nmaePct, 1)}\u00a0%`}</td>
            <td className="helio-num">{number(day.persistenceMaeKw, 2)}</td>
            <td className="helio-num">{percent(day.skill)}</td>
          </tr>
        ))}
      </tbody>
      <tfoot>
        <tr>
          <th scope="row" colSpan={4}>
            {t('accuracy.overall')}
          </th>
          <td className="helio-num">{number(accuracy.maeKw, 2)}</td>
          <td className="helio-num">{accuracy.nmaePct === null ? '–' : `${number(accuracy.nmaePct, 1)}\u00a0%`}</td>
          <td />
          <td className="helio-num" data-testid="accuracy-skill">
            {percent(accuracy.skill)}
          </td>
        </tr>
      </tfoot>
    </HTMLTable>
  );
}
