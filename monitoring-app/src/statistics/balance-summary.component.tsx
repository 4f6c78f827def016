// The period's energy balance in figures: what was produced, used, bought and sold, and how much of
// the plant's own production it used (self-consumption) and of its needs it covered (autarky).
import React from 'react';
import { useTranslation } from 'react-i18next';
import { Card } from '@blueprintjs/core';
import { formatNumber, type EnergyBalance } from '@helio/shared-utils';

/** Whole kWh from 100 up, else two decimals: an hour of a house is a fraction of a kWh. */
export const formatKwh = (value: number) => `${formatNumber(value, { maximumFractionDigits: value >= 100 ? 0 : 2 })}\u00a0kWh`;
const formatPct = (value: number | null) => (value === null ? '–' : `${formatNumber(value, { maximumFractionDigits: 0 })}\u00a0%`);

export function BalanceSummary({ balance }: { balance: EnergyBalance }) {
  const { t } = useTranslation('monitoring-app');
  const figures: Array<[string, string]> = [
    ['produced', formatKwh(balance.produced)],
    ['consumed', formatKwh(balance.consumed)],
    ['selfConsumed', formatKwh(balance.selfConsumed)],
    ['imported', formatKwh(balance.imported)],
    ['exported', formatKwh(balance.exported)],
    ['selfConsumptionPct', formatPct(balance.selfConsumptionPct)],
    ['autarkyPct', formatPct(balance.autarkyPct)],
  ];
  return (
    <section className="helio-statistics__summary" aria-label={t('statistics.summaryLabel')}>
      {figures.map(([key, value]) => (
        <Card key={key} className="helio-statistics__figure" data-testid={`total-${key}`}>
          <div className="helio-statistics__figure-label">{t(`statistics.${key}`)}</div>
          <div className="helio-statistics__figure-value">{value}</div>
        </Card>
      ))}
    </section>
  );
}
