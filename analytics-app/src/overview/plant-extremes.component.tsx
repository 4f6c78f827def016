// The plants with the highest and the lowest specific yield of the period.
import React from 'react';
import { useTranslation } from 'react-i18next';
import { Card, H3, HTMLTable } from '@blueprintjs/core';
import type { PlantFigures } from '@helio/contracts';
import { formatKwh, formatPct, formatSpecificYield } from '../common/format';
import { PlantLink } from '../common/plant-link.component';

function PlantList({ title, plants, testId }: { title: string; plants: readonly PlantFigures[]; testId: string }) {
  const { t } = useTranslation('analytics-app');
  return (
    <Card>
      <H3>{title}</H3>
      <HTMLTable compact className="helio-analytics__table" data-testid={testId} aria-label={title}>
        <thead>
          <tr>
            <th>{t('columns.plant')}</th>
            <th className="helio-num">{t('columns.specificYield')}</th>
            <th className="helio-num">{t('columns.produced')}</th>
            <th className="helio-num">{t('columns.performanceRatio')}</th>
          </tr>
        </thead>
        <tbody>
          {plants.map((plant) => (
            <tr key={plant.id}>
              <td>
                <PlantLink id={plant.id} name={plant.name} />
              </td>
              <td className="helio-num">{formatSpecificYield(plant.specificYield)}</td>
              <td className="helio-num">{formatKwh(plant.produced)}</td>
              <td className="helio-num">{formatPct(plant.performanceRatioPct)}</td>
            </tr>
          ))}
        </tbody>
      </HTMLTable>
    </Card>
  );
}

export function PlantExtremes({ top, bottom }: { top: readonly PlantFigures[]; bottom: readonly PlantFigures[] }) {
  const { t } = useTranslation('analytics-app');
  return (
    <div className="helio-analytics__columns">
      <PlantList title={t('overview.topTitle')} plants={top} testId="top-plants" />
      <PlantList title={t('overview.bottomTitle')} plants={bottom} testId="bottom-plants" />
    </div>
  );
}
