// One 24-hour time field (HH:mm). A plain text field rather than <input type="time">, whose clock
// follows the browser's locale (12-hour in en-US) and so could not promise the 24-hour format.
import React from 'react';
import { FormGroup, InputGroup, Intent } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { parseTime, type TimeError } from './schedule-rules';

interface TimeFieldProps {
  id: string;
  label: string;
  value: string;
  error?: TimeError;
  onChange: (value: string) => void;
  onTouch: () => void;
}

export function TimeField({ id, label, value, error, onChange, onTouch }: TimeFieldProps) {
  const { t } = useTranslation('notifications-app');
  const intent = error ? Intent.DANGER : Intent.NONE;
  return (
    <FormGroup
      label={label}
      labelFor={id}
      intent={intent}
      helperText={error ? <span data-testid={`${id}-error`}>{t(`dialog.errors.${error}`)}</span> : t('dialog.format')}
    >
      <InputGroup
        id={id}
        value={value}
        intent={intent}
        leftIcon="time"
        placeholder={t('dialog.placeholder')}
        inputMode="numeric"
        autoComplete="off"
        maxLength={5}
        aria-invalid={error ? true : undefined}
        onValueChange={(next) => onChange(next)}
        onBlur={() => {
          const normalised = parseTime(value);
          if (normalised) onChange(normalised);
          onTouch();
        }}
      />
    </FormGroup>
  );
}
