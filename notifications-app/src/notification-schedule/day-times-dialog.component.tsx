// The dialog that edits one day's from and to. Every way of closing it (the button, the close icon,
// Escape, the backdrop) goes through closeDialog: it saves and closes only with valid times, otherwise
// it shows every field's message and stays open.
import React, { useState } from 'react';
import { Button, Classes, Dialog, DialogBody, DialogFooter } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { closeDialog, validateTimes, visibleErrors, type DaySchedule, type TimeField as Field, type Touched } from './schedule-rules';
import { TimeField } from './time-field.component';

interface DayTimesDialogProps {
  day: DaySchedule;
  dayName: string;
  /** The new times of an accepted close. */
  onSave: (times: { from: string; to: string }) => void;
}

export function DayTimesDialog({ day, dayName, onSave }: DayTimesDialogProps) {
  const { t } = useTranslation('notifications-app');
  const [draft, setDraft] = useState({ from: day.from, to: day.to });
  const [touched, setTouched] = useState<Touched>({});
  const errors = visibleErrors(validateTimes(draft), touched);

  const attemptClose = () => {
    const outcome = closeDialog(draft);
    if (outcome.close) onSave(outcome.times);
    else setTouched(outcome.touched);
  };
  const field = (name: Field) => ({
    id: `schedule-${name}`,
    label: t(`dialog.${name}`),
    value: draft[name],
    error: errors[name],
    onChange: (value: string) => setDraft((d) => ({ ...d, [name]: value })),
    onTouch: () => setTouched((s) => ({ ...s, [name]: true })),
  });

  return (
    <Dialog isOpen title={t('dialog.title', { day: dayName })} icon="time" onClose={attemptClose}>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          attemptClose();
        }}
      >
        <DialogBody>
          <p className={Classes.TEXT_MUTED}>{t('dialog.description')}</p>
          <div className="helio-schedule-dialog__fields">
            <TimeField {...field('from')} />
            <TimeField {...field('to')} />
          </div>
        </DialogBody>
        <DialogFooter actions={<Button type="submit" intent="primary" text={t('dialog.done')} data-testid="dialog-done" />} />
      </form>
    </Dialog>
  );
}
