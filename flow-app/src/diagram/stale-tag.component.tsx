// Marks a value whose report is older than the shadow's staleness limit (60 s).
import React from 'react';
import { useTranslation } from 'react-i18next';
import { Tag } from '@blueprintjs/core';
import { formatDateTime, isStale } from '@helio/shared-utils';

export function StaleTag({ reportedAt, now, testId }: { reportedAt: number | null | undefined; now: number; testId?: string }) {
  const { t } = useTranslation('flow-app');
  if (reportedAt === null || reportedAt === undefined || !isStale(reportedAt, now)) return null;
  return (
    <Tag
      intent="warning"
      minimal
      className="helio-flow-stale"
      data-testid={testId}
      title={t('stale.hint', { time: formatDateTime(reportedAt) })}
    >
      {t('stale.label')}
    </Tag>
  );
}
