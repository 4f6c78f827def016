// What pulls a plant down over the year: its downtime, its alerts and exports held at the export limit.
import React from 'react';
import { useTranslation } from 'react-i18next';
import type { PlantBenchmark } from '../common/analytics.resource';
import { AlertTallies } from '../common/alert-tallies.component';
import { formatHours, formatKwp, formatPct } from '../common/format';

export function PlantDrags({ drags, performanceRatioPct }: { drags: PlantBenchmark['drags']; performanceRatioPct: number | null }) {
  const { t } = useTranslation('analytics-app');
  return (
    <div data-testid="plant-drags">
      <p data-testid="drag-downtime">
        {t('plant.downtime', { hours: formatHours(drags.offlineHours), availability: formatPct(drags.availabilityPct) })}
      </p>
      <p>{t('plant.prAgainstPeers', { pr: formatPct(performanceRatioPct), median: formatPct(drags.peerMedianPerformanceRatioPct) })}</p>
      <p data-testid="drag-curtailment">
        {drags.exportLimitKw === null
          ? t('plant.noLimit')
          : t('plant.curtailment', { limit: formatKwp(drags.exportLimitKw), hours: drags.hoursAtExportLimit })}
      </p>
      <AlertTallies alerts={drags.alerts} />
    </div>
  );
}
