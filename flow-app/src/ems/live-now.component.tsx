// The plant's powers right now, in words: PV production, the house's load, the grid (import or
// export) and the EV charger, from the same readings as the diagram.
import React from 'react';
import { useTranslation } from 'react-i18next';
import { Card, H4 } from '@blueprintjs/core';
import { formatPower, type Plant } from '@helio/shared-utils';
import { edgeFlow } from '../diagram/edge-direction';
import type { Readings } from '../diagram/readings';

export function LiveNowCard({ plant, readings }: { plant: Plant; readings: Readings }) {
  const { t } = useTranslation('flow-app');
  const grid = edgeFlow('grid', readings.values.ActPwrGrid ?? null);
  const power = (watts: number | undefined | null) => (watts === undefined || watts === null ? t('notReported') : formatPower(watts));
  const rows: Array<[string, string, string]> = [
    ['pv', t('now.pv'), power(readings.values.ActPwrPve)],
    ['load', t('now.load'), power(readings.values.ActPwrLoad)],
    ['grid', t('now.grid', { meaning: t(`meaning.${grid.meaning}`) }), power(grid.watts)],
  ];
  if (plant.chargerKw) rows.push(['ev', t('now.ev'), power(readings.values.ActPwrEv)]);
  return (
    <Card className="helio-ems-card" data-testid="ems-now">
      <H4 className="helio-ems-card__title">{t('now.title')}</H4>
      <dl className="helio-ems-now">
        {rows.map(([key, label, value]) => (
          <React.Fragment key={key}>
            <dt>{label}</dt>
            <dd data-testid={`ems-now-${key}`}>{value}</dd>
          </React.Fragment>
        ))}
      </dl>
    </Card>
  );
}
