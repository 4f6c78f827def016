// The ranked plants: rank, quartile band, and the figures behind the ranking.
import React from 'react';
import { useTranslation } from 'react-i18next';
import { HTMLTable } from '@blueprintjs/core';
import type { RankedPlant } from '@helio/contracts';
import type { BenchmarkMetric } from '@helio/contracts/limits';
import { formatKwh, formatKwp, formatPct, formatSpecificYield } from '../common/format';
import { PlantLink } from '../common/plant-link.component';

export function BenchmarkTable({ plants, metric }: { plants: readonly RankedPlant[]; metric: BenchmarkMetric }) {
  const { t } = useTranslation('analytics-app');
  return (
    <HTMLTable
      compact
      striped
      className="helio-analytics__table"
      data-testid="benchmark-table"
      aria-label={t('benchmark.tableLabel', { metric: t(`metrics.${metric}`) })}
    >
      <thead>
        <tr>
          <th className="helio-num">{t('columns.rank')}</th>
          <th>{t('columns.quartile')}</th>
          <th>{t('columns.plant')}</th>
          <th className="helio-num">{t('columns.kwp')}</th>
          <th className="helio-num">{t('columns.produced')}</th>
          <th className="helio-num">{t('columns.specificYield')}</th>
          <th className="helio-num">{t('columns.performanceRatio')}</th>
          <th className="helio-num">{t('columns.availability')}</th>
          <th className="helio-num">{t('columns.alerts')}</th>
        </tr>
      </thead>
      <tbody>
        {plants.map((plant) => (
          <tr
            key={plant.id}
            className={plant.quartile ? `helio-analytics__quartile-${plant.quartile}` : undefined}
            data-testid="benchmark-row"
            data-plant={plant.name}
          >
            <td className="helio-num" data-testid="benchmark-rank">
              {plant.rank ?? t('benchmark.unranked')}
            </td>
            <td>{plant.quartile ? t('benchmark.quartileBand', { quartile: plant.quartile }) : t('benchmark.unranked')}</td>
            <td>
              <PlantLink id={plant.id} name={plant.name} />
            </td>
            <td className="helio-num">{formatKwp(plant.pvPeakKw)}</td>
            <td className="helio-num" data-testid="benchmark-produced">
              {formatKwh(plant.produced)}
            </td>
            <td className="helio-num">{formatSpecificYield(plant.specificYield)}</td>
            <td className="helio-num">{formatPct(plant.performanceRatioPct)}</td>
            <td className="helio-num">{formatPct(plant.availabilityPct)}</td>
            <td className="helio-num">{plant.alertCount}</td>
          </tr>
        ))}
      </tbody>
    </HTMLTable>
  );
}
