// One live tile: label, power, direction (grid, battery), state of charge, time of the last report
// and a stale tag once that report is older than SHADOW_STALE_MS.
import React from 'react';
import { useTranslation } from 'react-i18next';
import { Card, Classes, Tag } from '@blueprintjs/core';
import { formatDateTime, formatNumber, formatPower, isStale } from '@helio/shared-utils';
import { reportTimeFormat, type PowerTile } from './tiles';

const DIRECTION_KEYS: Record<NonNullable<PowerTile['direction']>, string> = {
  import: 'direction.import',
  export: 'direction.export',
  charge: 'direction.charge',
  discharge: 'direction.discharge',
  idle: 'direction.gridIdle',
};

function directionKey(tile: PowerTile): string | null {
  if (tile.direction === null) return null;
  if (tile.kind === 'battery' && tile.direction === 'idle') return 'direction.batteryIdle';
  return DIRECTION_KEYS[tile.direction];
}

export function PowerTileCard({ tile, now }: { tile: PowerTile; now: number }) {
  const { t } = useTranslation('monitoring-app');
  const id = `tile-${tile.kind}`;
  const direction = directionKey(tile);
  const stale = tile.reportedAt !== null && isStale(tile.reportedAt, now);
  return (
    <Card className={`helio-tile helio-tile--${tile.kind}`} data-testid={id} aria-labelledby={`${id}-label`}>
      <div className="helio-tile__header">
        <span id={`${id}-label`} className="helio-tile__label">
          {t(`tiles.${tile.kind}`)}
        </span>
        {stale && (
          <Tag intent="warning" minimal title={t('tiles.staleHint')} data-testid={`${id}-stale`}>
            {t('tiles.stale')}
          </Tag>
        )}
      </div>
      <div className="helio-tile__value" data-testid={`${id}-value`}>
        {tile.watts === null ? <span className={Classes.TEXT_MUTED}>{t('tiles.notReported')}</span> : formatPower(tile.watts)}
      </div>
      {direction && tile.watts !== null && (
        <div className="helio-tile__detail" data-testid={`${id}-direction`}>
          {t(direction)}
        </div>
      )}
      {tile.stateOfCharge !== null && (
        <div className="helio-tile__detail" data-testid={`${id}-soc`}>
          {t('tiles.stateOfCharge', {
            value: formatNumber(tile.stateOfCharge / 100, { style: 'percent', maximumFractionDigits: 0 }),
          })}
        </div>
      )}
      {tile.reportedAt !== null && (
        <div className={`helio-tile__time ${Classes.TEXT_MUTED}`}>
          {t('tiles.lastReport')}{' '}
          <time dateTime={new Date(tile.reportedAt).toISOString()} data-testid="reported-at">
            {formatDateTime(tile.reportedAt, reportTimeFormat(tile.reportedAt, now))}
          </time>
        </div>
      )}
    </Card>
  );
}
