// The notification schedule screen (/my-account/notifications): period selector,
// master switch, one card per weekday and the edit dialog. Every change goes through schedule-rules
// and is saved at once.
import React, { useState } from 'react';
import { Classes, FormGroup, Icon, SegmentedControl, Spinner, Switch, Tag } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { ErrorPanel, PageHeader } from '@helio/shared-utils';
import { ReportSubscriptionCard } from '../monthly-report/report-subscription.component';
import { PushDevices } from '../push-devices/push-devices.component';
import { DayCard } from './day-card.component';
import { DayTimesDialog } from './day-times-dialog.component';
import { useNotificationSettings, useSaveNotificationSettings, type SaveStatus } from './notification-settings.resource';
import {
  applyDayTimes,
  applyPeriod,
  isInteractive,
  PERIODS,
  pressDay,
  setMasterSwitch,
  toggleDay,
  type NotificationSettings,
  type Period,
} from './schedule-rules';
import './notification-schedule.css';

function SaveState({ status }: { status: SaveStatus }) {
  const { t } = useTranslation('notifications-app');
  if (status === 'idle') return null;
  const tag = {
    saving: (
      <Tag minimal icon={<Spinner size={12} />}>
        {t('schedule.saving')}
      </Tag>
    ),
    saved: (
      <Tag minimal intent="success" icon="tick">
        {t('schedule.saved')}
      </Tag>
    ),
    failed: (
      <Tag minimal intent="danger" icon="error">
        {t('schedule.notSaved')}
      </Tag>
    ),
  }[status];
  return (
    <span role="status" data-testid="save-state">
      {tag}
    </span>
  );
}

function Schedule({ settings }: { settings: NotificationSettings }) {
  const { t } = useTranslation('notifications-app');
  const { save, status } = useSaveNotificationSettings();
  const [editing, setEditing] = useState<number | null>(null);
  const interactive = isInteractive(settings);
  const dayName = (day: number) => t(`days.${day}`);
  const editedDay = settings.days.find((d) => d.day === editing);

  return (
    <>
      <PageHeader page="pages.notificationSchedule" description={t('schedule.description')}>
        <SaveState status={status} />
      </PageHeader>
      <section className="helio-schedule__controls">
        <Switch
          large
          className="helio-schedule__master"
          checked={settings.enabled}
          label={t('schedule.master')}
          onChange={(event) => save(setMasterSwitch(settings, event.currentTarget.checked))}
        />
        <FormGroup label={t('schedule.period')} inline className="helio-schedule__period">
          <SegmentedControl
            aria-label={t('schedule.period')}
            disabled={!interactive}
            value={settings.period}
            options={PERIODS.map((p) => ({ value: p, label: t(`periods.${p}`) }))}
            onValueChange={(value) => save(applyPeriod(settings, value as Period))}
          />
        </FormGroup>
      </section>
      {!interactive && (
        <p className={`helio-schedule__off ${Classes.TEXT_MUTED}`} data-testid="schedule-off">
          <Icon icon="notifications-snooze" /> {t('schedule.offHint')}
        </p>
      )}
      <section className="helio-schedule__days" aria-label={t('schedule.daysLabel')}>
        {settings.days.map((day) => (
          <DayCard
            key={day.day}
            day={day}
            dayName={dayName(day.day)}
            interactive={interactive}
            onPress={() => {
              const pressed = pressDay(settings, day.day);
              if (pressed !== settings) save(pressed);
              setEditing(day.day);
            }}
            onToggle={(enabled) => save(toggleDay(settings, day.day, enabled))}
          />
        ))}
      </section>
      {editedDay && (
        <DayTimesDialog
          key={editedDay.day}
          day={editedDay}
          dayName={dayName(editedDay.day)}
          onSave={(times) => {
            setEditing(null);
            save(applyDayTimes(settings, editedDay.day, times));
          }}
        />
      )}
    </>
  );
}

export default function NotificationSchedulePage() {
  const { t } = useTranslation('notifications-app');
  const settings = useNotificationSettings();
  let body: React.ReactNode;
  if (settings.data) {
    return (
      <div className="helio-schedule">
        <Schedule settings={settings.data} />
        <ReportSubscriptionCard />
        <PushDevices />
      </div>
    );
  }
  if (settings.isError) {
    body = <ErrorPanel title={t('schedule.loadFailed')} description={t('common.errorDescription')} onRetry={() => settings.refetch()} />;
  } else {
    body = <Spinner className="helio-schedule__spinner" aria-label={t('schedule.loading')} />;
  }
  return (
    <div className="helio-schedule">
      <PageHeader page="pages.notificationSchedule" description={t('schedule.description')} />
      {body}
    </div>
  );
}
