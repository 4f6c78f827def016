// Who made the forecast and when, tomorrow's energy and the best hours for flexible loads.
import React from 'react';
import { useTranslation } from 'react-i18next';
import { Callout, Card, H5, Tag } from '@blueprintjs/core';
import { formatDateTime, formatNumber } from '@helio/shared-utils';
import type { PlantForecast } from '@helio/contracts';

const kwh = (value: number) => `${formatNumber(value, { maximumFractionDigits: 1 })}\u00a0kWh`;

export function ForecastSource({ forecast }: { forecast: PlantForecast }) {
  const { t } = useTranslation('fep-app');
  const issued = forecast.issuedAt
    ? formatDateTime(Date.parse(forecast.issuedAt), {
        day: 'numeric',
        month: 'numeric',
        hour: '2-digit',
        minute: '2-digit',
        timeZone: forecast.timeZone,
      })
    : '';
  return (
    <>
      <p className="helio-forecast__source" data-testid="forecast-source">
        <Tag intent={forecast.source === 'weather' ? 'primary' : 'none'} icon={forecast.source === 'weather' ? 'cloud' : 'history'}>
          {t(forecast.source === 'weather' ? 'source.weather' : 'source.offline')}
        </Tag>{' '}
        {t('source.issued', { time: issued })}
        {' · '}
        {t(forecast.bandsFrom === 'errors' ? 'source.bandsErrors' : 'source.bandsHistory')}
      </p>
      {forecast.weatherFailure && (
        <Callout intent="warning" icon="offline" data-testid="weather-failure" className="helio-forecast__section">
          {t('source.weatherFailed', { reason: t(`source.failure.${forecast.weatherFailure}`) })}
        </Callout>
      )}
    </>
  );
}

export function TomorrowCard({ tomorrow }: { tomorrow: NonNullable<PlantForecast['tomorrow']> }) {
  const { t } = useTranslation('fep-app');
  return (
    <Card className="helio-forecast__card" data-testid="forecast-tomorrow">
      <H5>
        {t('tomorrow.title', {
          date: formatDateTime(Date.parse(`${tomorrow.date}T12:00:00Z`), {
            weekday: 'long',
            day: 'numeric',
            month: 'numeric',
            timeZone: 'UTC',
          }),
        })}
      </H5>
      <dl className="helio-forecast__figures">
        <dt>{t('tomorrow.pv')}</dt>
        <dd data-testid="tomorrow-pv">{kwh(tomorrow.pvKwh)}</dd>
        <dt>{t('tomorrow.load')}</dt>
        <dd>{kwh(tomorrow.loadKwh)}</dd>
        <dt>{t('tomorrow.surplus')}</dt>
        <dd>{kwh(tomorrow.surplusKwh)}</dd>
      </dl>
    </Card>
  );
}

export function BestHoursCard({ forecast }: { forecast: PlantForecast }) {
  const { t } = useTranslation('fep-app');
  const time = (iso: string, withDay: boolean) =>
    formatDateTime(Date.parse(iso), {
      ...(withDay ? { weekday: 'short' } : {}),
      hour: '2-digit',
      minute: '2-digit',
      timeZone: forecast.timeZone,
    });
  return (
    <Card className="helio-forecast__card" data-testid="best-hours">
      <H5>{t('bestHours.title')}</H5>
      {forecast.bestHours.length === 0 ? (
        <p>{t('bestHours.none')}</p>
      ) : (
        <ul className="helio-forecast__hours">
          {forecast.bestHours.map((hour) => (
            <li key={hour.start}>
              <strong>
                {time(hour.start, true)}–{time(hour.end, false)}
              </strong>{' '}
              {hour.reason === 'surplus'
                ? t('bestHours.surplus', { energy: kwh(hour.surplusKwh) })
                : t('bestHours.price', { price: formatNumber(hour.priceCzkKwh ?? 0, { maximumFractionDigits: 2 }) })}
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}
