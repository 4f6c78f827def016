// The four filters of the alert list: plant, severity, open or closed, read or unread.
import React from 'react';
import { FormGroup, HTMLSelect } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import type { Plant } from '@helio/shared-utils';
import { SEVERITIES } from '../api/notifications-api';
import type { FilterChoices } from './alert-filter';

interface AlertFiltersProps {
  plants: Plant[];
  choices: FilterChoices;
  onChange: (choices: FilterChoices) => void;
}

export function AlertFilters({ plants, choices, onChange }: AlertFiltersProps) {
  const { t } = useTranslation('notifications-app');
  const select = <K extends keyof FilterChoices>(key: K, options: Array<{ value: string; label: string }>) => (
    <FormGroup label={t(`filters.${key}`)} labelFor={`alert-filter-${key}`} className="helio-alert-filters__field">
      <HTMLSelect
        id={`alert-filter-${key}`}
        value={choices[key]}
        options={options}
        onChange={(event) => onChange({ ...choices, [key]: event.currentTarget.value })}
      />
    </FormGroup>
  );
  return (
    <div className="helio-alert-filters" role="group" aria-label={t('filters.label')}>
      {select('plant', [{ value: '', label: t('filters.allPlants') }, ...plants.map((p) => ({ value: p.id, label: p.name }))])}
      {select('severity', [{ value: 'all', label: t('filters.any') }, ...SEVERITIES.map((s) => ({ value: s, label: t(`severity.${s}`) }))])}
      {select(
        'state',
        ['all', 'open', 'closed'].map((s) => ({ value: s, label: t(`filters.states.${s}`) })),
      )}
      {select(
        'read',
        ['all', 'unread', 'read'].map((r) => ({ value: r, label: t(`filters.reads.${r}`) })),
      )}
    </div>
  );
}
