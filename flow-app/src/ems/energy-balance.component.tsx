// Today's energy balance card: produced, consumed, self-consumed, imported and exported energy,
// self-consumption and autarky in %. Its own loading and error states; the page works without it.
import React from 'react';
import { useTranslation } from 'react-i18next';
import { Card, H4, NonIdealState, ProgressBar, Spinner } from '@blueprintjs/core';
import { ErrorPanel, formatDateTime, formatNumber, type EnergyBalance, type Plant } from '@helio/shared-utils';
import { useTodayBalance } from './energy-balance.resource';

const ENERGY_FIGURES = ['produced', 'consumed', 'selfConsumed', 'imported', 'exported'] as const;
const PERCENT_FIGURES = ['selfConsumptionPct', 'autarkyPct'] as const;

function kwh(value: number): string {
  return `${formatNumber(value, { minimumFractionDigits: 1, maximumFractionDigits: 1 })}\u00a0kWh`;
}

function Figures({ balance }: { balance: EnergyBalance }) {
  const { t } = useTranslation('flow-app');
  return (
    <div className="helio-ems-balance">
      {ENERGY_FIGURES.map((figure) => (
        <div key={figure} className="helio-ems-figure" data-testid={`balance-${figure}`}>
          <span className="helio-ems-muted">{t(`balance.${figure}`)}</span>
          <span className="helio-ems-figure__value">{kwh(balance[figure])}</span>
        </div>
      ))}
      {PERCENT_FIGURES.map((figure) => {
        const value = balance[figure];
        return (
          <div key={figure} className="helio-ems-figure helio-ems-figure--percent" data-testid={`balance-${figure}`}>
            <span className="helio-ems-muted">{t(`balance.${figure}`)}</span>
            <span className="helio-ems-figure__value">
              {value === null ? '–' : formatNumber(value / 100, { style: 'percent', maximumFractionDigits: 0 })}
            </span>
            <ProgressBar value={(value ?? 0) / 100} animate={false} stripes={false} intent="success" aria-label={t(`balance.${figure}`)} />
          </div>
        );
      })}
    </div>
  );
}

export function EnergyBalanceCard({ plant }: { plant: Plant }) {
  const { t } = useTranslation('flow-app');
  const today = useTodayBalance(plant);
  let body: React.ReactNode;
  if (today.data) {
    body = today.data.hasData ? <Figures balance={today.data.balance} /> : <NonIdealState icon="time" description={t('balance.noData')} />;
  } else if (today.isError) {
    body = (
      <div data-testid="balance-error">
        <ErrorPanel title={t('balance.errorTitle')} description={t('balance.errorDescription')} onRetry={() => void today.refetch()} />
      </div>
    );
  } else body = <Spinner className="helio-flow-page__spinner" aria-label={t('states.loading')} />;

  return (
    <Card className="helio-ems-card" data-testid="ems-balance">
      <div className="helio-ems-card__header">
        <H4 className="helio-ems-card__title">{t('balance.title')}</H4>
        {today.data && (
          <span className="helio-ems-muted">
            {t('balance.range', {
              from: formatDateTime(today.data.since, { timeStyle: 'short', timeZone: plant.timezone }),
              to: formatDateTime(today.data.until, { timeStyle: 'short', timeZone: plant.timezone }),
            })}
          </span>
        )}
      </div>
      {body}
    </Card>
  );
}
