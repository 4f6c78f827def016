// One weekday: its name, from–to and its own switch. Pressing the card (or its edit button) opens the
// day's dialog; with notifications off the card is dimmed and does not react.
import React from 'react';
import { Button, Card, Classes, H5, Switch } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import type { DaySchedule } from './schedule-rules';

interface DayCardProps {
  day: DaySchedule;
  dayName: string;
  interactive: boolean;
  onPress: () => void;
  onToggle: (enabled: boolean) => void;
}

export function DayCard({ day, dayName, interactive, onPress, onToggle }: DayCardProps) {
  const { t } = useTranslation('notifications-app');
  const classes = ['helio-day-card', interactive ? '' : 'helio-day-card--dimmed', day.enabled ? '' : 'helio-day-card--off'];
  return (
    <Card
      data-testid={`day-card-${day.day}`}
      className={classes.filter(Boolean).join(' ')}
      interactive={interactive}
      aria-disabled={!interactive}
      onClick={interactive ? onPress : undefined}
    >
      <div className="helio-day-card__header">
        <H5 className="helio-day-card__name">{dayName}</H5>
        {/* the switch is its own control: toggling it must not also press the card */}
        <span onClick={(event) => event.stopPropagation()}>
          <Switch
            className="helio-day-card__switch"
            checked={day.enabled}
            disabled={!interactive}
            aria-label={t('schedule.dayEnabled', { day: dayName })}
            onChange={(event) => onToggle(event.currentTarget.checked)}
          />
        </span>
      </div>
      <dl className="helio-day-card__times">
        <div>
          <dt className={Classes.TEXT_MUTED}>{t('schedule.from')}</dt>
          <dd data-testid={`day-from-${day.day}`}>{day.from}</dd>
        </div>
        <div>
          <dt className={Classes.TEXT_MUTED}>{t('schedule.to')}</dt>
          <dd data-testid={`day-to-${day.day}`}>{day.to}</dd>
        </div>
      </dl>
      <Button
        variant="minimal"
        size="small"
        icon="edit"
        disabled={!interactive}
        text={t('schedule.editTimes')}
        aria-label={t('schedule.editDay', { day: dayName })}
        onClick={(event) => {
          event.stopPropagation();
          onPress();
        }}
      />
    </Card>
  );
}
