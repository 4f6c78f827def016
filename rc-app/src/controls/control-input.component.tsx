// The input of one control, by its rule: a number with its unit, a choice of operating modes, or a
// force charge (on/off, target SoC, until).
import React from 'react';
import { useTranslation } from 'react-i18next';
import { ControlGroup, HTMLSelect, InputGroup, Switch, Tag } from '@blueprintjs/core';
import type { Draft, RcRule } from './control-draft';

interface Props {
  id: string;
  label: string;
  rule: RcRule;
  draft: Draft;
  disabled: boolean;
  onChange: (draft: Draft) => void;
}

export function ControlInput({ id, label, rule, draft, disabled, onChange }: Props) {
  const { t } = useTranslation('rc-app');
  if (draft.kind === 'forceCharge') {
    return (
      <div className="helio-rc-force">
        <Switch
          id={`${id}-on`}
          label={t('forceCharge.enable')}
          checked={draft.on}
          disabled={disabled}
          onChange={(e) => onChange({ ...draft, on: e.currentTarget.checked })}
          data-testid={`${id}-on`}
        />
        <ControlGroup>
          <InputGroup
            aria-label={t('forceCharge.target')}
            value={draft.targetSoc}
            disabled={disabled || !draft.on}
            inputMode="numeric"
            rightElement={<Tag minimal>%</Tag>}
            onChange={(e) => onChange({ ...draft, targetSoc: e.currentTarget.value })}
            data-testid={`${id}-target`}
          />
          <InputGroup
            aria-label={t('forceCharge.until')}
            type="datetime-local"
            value={draft.until}
            disabled={disabled || !draft.on}
            onChange={(e) => onChange({ ...draft, until: e.currentTarget.value })}
            data-testid={`${id}-until`}
          />
        </ControlGroup>
      </div>
    );
  }
  if (rule.kind === 'choice') {
    return (
      <HTMLSelect
        id={id}
        aria-label={label}
        value={draft.text}
        disabled={disabled}
        onChange={(e) => onChange({ kind: 'text', text: e.currentTarget.value })}
        options={(rule.choices ?? []).map((choice) => ({ value: choice, label: t(`operMode.${choice}`, { defaultValue: choice }) }))}
        data-testid={`${id}-input`}
      />
    );
  }
  return (
    <InputGroup
      id={id}
      aria-label={label}
      value={draft.text}
      disabled={disabled}
      inputMode="numeric"
      rightElement={<Tag minimal>{rule.unit}</Tag>}
      onChange={(e) => onChange({ kind: 'text', text: e.currentTarget.value })}
      data-testid={`${id}-input`}
    />
  );
}
