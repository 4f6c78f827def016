// The period controls of the analytics pages: day, month, year or a custom span, previous and next.
import React from 'react';
import { useTranslation } from 'react-i18next';
import { Button, ButtonGroup, Classes, InputGroup, Label } from '@blueprintjs/core';
import { ANALYTICS_PERIOD_KINDS } from '@helio/contracts/limits';
import { formatDateTime } from '@helio/shared-utils';
import { isFuture, periodOfKind, shiftPeriod, todayIso, type PagePeriod } from './period';

const TITLE_FORMAT: Record<PagePeriod['kind'], Intl.DateTimeFormatOptions> = {
  day: { dateStyle: 'full', timeZone: 'UTC' },
  month: { month: 'long', year: 'numeric', timeZone: 'UTC' },
  year: { year: 'numeric', timeZone: 'UTC' },
  custom: { dateStyle: 'medium', timeZone: 'UTC' },
};

export function periodTitle(period: PagePeriod): string {
  const at = (day: string) => formatDateTime(Date.parse(`${day}T00:00:00Z`), TITLE_FORMAT[period.kind]);
  return period.kind === 'custom' ? `${at(period.from)} – ${at(period.to)}` : at(period.from);
}

export function PeriodPicker({ period, onChange }: { period: PagePeriod; onChange: (period: PagePeriod) => void }) {
  const { t } = useTranslation('analytics-app');
  const today = todayIso();
  const next = shiftPeriod(period, 1);
  return (
    <>
      <ButtonGroup aria-label={t('period.kindLabel')}>
        {ANALYTICS_PERIOD_KINDS.map((kind) => (
          <Button
            key={kind}
            text={t(`period.kinds.${kind}`)}
            active={kind === period.kind}
            onClick={() => onChange(periodOfKind(kind, today))}
            data-testid={`period-${kind}`}
          />
        ))}
      </ButtonGroup>
      <ButtonGroup>
        <Button
          icon="chevron-left"
          aria-label={t('period.previous')}
          title={t('period.previous')}
          onClick={() => onChange(shiftPeriod(period, -1))}
          data-testid="period-previous"
        />
        <Button
          icon="chevron-right"
          aria-label={t('period.next')}
          title={t('period.next')}
          disabled={isFuture(next, today)}
          onClick={() => onChange(next)}
          data-testid="period-next"
        />
      </ButtonGroup>
      {period.kind === 'custom' ? (
        <>
          <Label className={`${Classes.INLINE} helio-analytics__date`}>
            {t('period.from')}
            <InputGroup
              type="date"
              value={period.from}
              max={today}
              onChange={(e) => onChange({ ...period, from: e.target.value })}
              data-testid="period-from"
            />
          </Label>
          <Label className={`${Classes.INLINE} helio-analytics__date`}>
            {t('period.to')}
            <InputGroup
              type="date"
              value={period.to}
              max={today}
              onChange={(e) => onChange({ ...period, to: e.target.value })}
              data-testid="period-to"
            />
          </Label>
        </>
      ) : (
        <strong className="helio-analytics__period" data-testid="period-title">
          {periodTitle(period)}
        </strong>
      )}
    </>
  );
}
