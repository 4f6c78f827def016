// One writable key of the plant: its unit and limits, the reported and desired values, the state
// (in sync, pending since, not confirmed, queued), and the input with "Apply" for those who may change.
import React from 'react';
import { useTranslation } from 'react-i18next';
import { Button, Callout, Card, FormGroup, H5, Spinner, Tag, type Intent } from '@blueprintjs/core';
import { formatDateTime } from '@helio/shared-utils';
import type { RcCommand } from '@helio/contracts';
import type { WritableKeyName } from '@helio/contracts/device';
import { RC_COMMAND_EXPIRY_MS } from '@helio/contracts/limits';
import { ControlInput } from './control-input.component';
import type { Draft, RcRule } from './control-draft';
import { isWaiting, type ControlState } from './control-state';
import { formatLimits, formatValue } from './value-format';

const STATE_INTENT: Record<ControlState['kind'], Intent> = {
  inSync: 'success',
  notReported: 'none',
  pending: 'warning',
  notConfirmed: 'danger',
  queued: 'primary',
};

export interface ControlCardProps {
  keyName: WritableKeyName;
  rule: RcRule;
  reported: unknown;
  desired: unknown;
  /** The value in force as every page words it (the export limit: usePlantExportLimit), where one exists. */
  inForce?: string;
  state: ControlState;
  /** The gateway's reason for refusing the waiting value, or null. */
  refusal: string | null;
  /** The key's last request, when it expired unconfirmed (shown while nothing newer waits). */
  expired?: RcCommand | null;
  draft: Draft;
  problem: string | null;
  allowed: boolean;
  onDraft: (draft: Draft) => void;
  onApply: () => void;
  /** Clears the value waiting for the device (shown while one waits and the user may change). */
  onCancel: () => void;
  cancelling: boolean;
}

function StateTag({ keyName, state }: { keyName: string; state: ControlState }) {
  const { t } = useTranslation('rc-app');
  const since = 'since' in state && state.since !== null ? formatDateTime(state.since, { timeStyle: 'medium' }) : null;
  return (
    <Tag
      intent={STATE_INTENT[state.kind]}
      minimal
      icon={state.kind === 'pending' ? <Spinner size={12} /> : undefined}
      data-testid={`rc-state-${keyName}`}
      data-state={state.kind}
    >
      {t(`state.${state.kind}`, { since: since ?? '', hours: RC_COMMAND_EXPIRY_MS / 3_600_000 })}
    </Tag>
  );
}

export function ControlCard({
  keyName,
  rule,
  reported,
  desired,
  inForce,
  state,
  refusal,
  expired,
  draft,
  problem,
  allowed,
  onDraft,
  onApply,
  onCancel,
  cancelling,
}: ControlCardProps) {
  const { t } = useTranslation('rc-app');
  const label = t(`keys.${keyName}.label`);
  const limits = formatLimits(rule);
  const inputId = `rc-${keyName}`;
  return (
    <Card className="helio-rc-card" data-testid={`rc-control-${keyName}`}>
      <div className="helio-rc-card__header">
        <H5 className="helio-rc-card__title">{label}</H5>
        <StateTag keyName={keyName} state={state} />
      </div>
      <p className="helio-rc-muted">
        {t(`keys.${keyName}.help`)}
        {limits && <> {t('limits', { limits })}</>}
      </p>
      <dl className="helio-rc-values">
        {inForce !== undefined && (
          <>
            <dt>{t('inForce')}</dt>
            <dd data-testid={`rc-in-force-${keyName}`}>{inForce}</dd>
          </>
        )}
        <dt>{t('reported')}</dt>
        <dd data-testid={`rc-reported-${keyName}`}>{formatValue(t, rule, reported)}</dd>
        <dt>{t('desired')}</dt>
        <dd data-testid={`rc-desired-${keyName}`}>{formatValue(t, rule, desired)}</dd>
      </dl>
      {refusal && (
        <Callout intent="danger" compact title={t('refused')} className="helio-rc-refusal" data-testid={`rc-refused-${keyName}`}>
          {refusal}
        </Callout>
      )}
      {expired && !isWaiting(state) && (
        <Callout intent="warning" compact className="helio-rc-refusal" data-testid={`rc-expired-${keyName}`}>
          {t('expiredLast', {
            value: formatValue(t, rule, expired.to),
            at: formatDateTime(Date.parse(expired.sentAt), { dateStyle: 'short', timeStyle: 'short' }),
            hours: RC_COMMAND_EXPIRY_MS / 3_600_000,
          })}
        </Callout>
      )}
      <form
        onSubmit={(event) => {
          event.preventDefault();
          onApply();
        }}
      >
        <FormGroup
          label={rule.kind === 'forceCharge' ? undefined : label}
          labelFor={inputId}
          intent={problem ? 'danger' : 'none'}
          helperText={problem ?? undefined}
        >
          <ControlInput id={inputId} label={label} rule={rule} draft={draft} disabled={!allowed} onChange={onDraft} />
        </FormGroup>
        {allowed && (
          <Button type="submit" intent="primary" data-testid={`${inputId}-apply`}>
            {t('apply')}
          </Button>
        )}
        {allowed && isWaiting(state) && (
          <Button minimal intent="danger" loading={cancelling} onClick={onCancel} data-testid={`${inputId}-cancel`}>
            {t('cancel')}
          </Button>
        )}
      </form>
    </Card>
  );
}
