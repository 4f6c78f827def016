// The overview's figures, each with how it was computed and from what.
import React from 'react';
import { useTranslation } from 'react-i18next';
import { ExplainedFigure } from '../common/explained-figure.component';
import { formatEnergy, formatKg, formatKwh, formatKwp, formatMoney, formatPct, formatSpecificYield } from '../common/format';
import type { Overview } from '../common/analytics.resource';

export function OverviewFigures({ overview }: { overview: Overview }) {
  const { t } = useTranslation('analytics-app');
  const { totals, money, method, period } = overview;
  const granularity = t(`granularity.${period.granularity}`);
  const unpriced = money.reduce((sum, m) => sum + m.unpricedKwh, 0);
  const moneyText = money.length === 0 ? '–' : money.map((m) => formatMoney(m.amount, m.currency)).join(' + ');
  const figures = [
    { id: 'produced', value: formatEnergy(totals.produced), explanation: t('explain.produced', { granularity }) },
    { id: 'consumed', value: formatEnergy(totals.consumed), explanation: t('explain.consumed') },
    { id: 'imported', value: formatEnergy(totals.imported), explanation: t('explain.imported') },
    { id: 'exported', value: formatEnergy(totals.exported), explanation: t('explain.exported') },
    {
      id: 'selfConsumption',
      value: formatPct(totals.selfConsumptionPct),
      explanation: t('explain.selfConsumption', { selfConsumed: formatKwh(totals.selfConsumed) }),
    },
    { id: 'autarky', value: formatPct(totals.autarkyPct), explanation: t('explain.autarky') },
    {
      id: 'specificYield',
      value: formatSpecificYield(totals.specificYield),
      explanation: t('explain.specificYield', { kwp: formatKwp(totals.pvPeakKw) }),
    },
    {
      id: 'performanceRatio',
      value: formatPct(totals.performanceRatioPct),
      explanation: t('explain.performanceRatio', { expected: formatKwh(totals.expectedKwh) }),
    },
    { id: 'availability', value: formatPct(totals.availabilityPct), explanation: t('explain.availability') },
    { id: 'co2', value: formatKg(totals.co2AvoidedKg), explanation: t('explain.co2', { factor: method.co2KgPerKwh }) },
    {
      id: 'money',
      value: moneyText,
      explanation: (
        <>
          <p>{t('explain.money', { area: method.spotArea, eurCzk: method.eurCzk, unpriced: formatKwh(unpriced) })}</p>
          {money.map((m) => (
            <p key={m.currency}>{`${m.currency}: ${t('explain.moneyPlants', { tariff: m.tariffPlants, spot: m.spotPlants })}`}</p>
          ))}
        </>
      ),
    },
  ];
  return (
    <section className="helio-analytics__figures" aria-label={t('common:pages.analyticsOverview')}>
      {figures.map((figure) => (
        <ExplainedFigure
          key={figure.id}
          id={figure.id}
          label={t(`figures.${figure.id}`)}
          value={figure.value}
          explanation={figure.explanation}
        />
      ))}
    </section>
  );
}
