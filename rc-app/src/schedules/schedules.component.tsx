// Schedules of the plant: windows on the plant's clock (its time zone) that set a key at the start and
// put the previous value back at the end; a form to add one, a list with delete.
import React, { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, Callout, Card, FormGroup, H5, HTMLSelect, HTMLTable, InputGroup, NonIdealState, Tag } from '@blueprintjs/core';
import { apiErrorText } from '@helio/shared-utils';
import { RC_SCHEDULE_KINDS, type RcScheduleKind } from '@helio/contracts/limits';
import type { WritableKeyName } from '@helio/contracts/device';
import type { RcState } from '@helio/contracts';
import { formatValue, problemText } from '../controls/value-format';
import { checkSchedule, type ScheduleDraft, type ScheduleField } from './schedule-form';
import { useCreateSchedule, useDeleteSchedule, useSchedules } from './schedules.resource';

function ScheduleForm({ state }: { state: RcState }) {
  const { t } = useTranslation('rc-app');
  const create = useCreateSchedule(state.plant.id);
  const [draft, setDraft] = useState<ScheduleDraft>({
    key: state.keys[0].key,
    value: '',
    kind: 'daily',
    date: '',
    start: '01:00',
    end: '05:00',
  });
  const [problem, setProblem] = useState<{ field: ScheduleField; text: string } | null>(null);
  const rule = state.keys.find((k) => k.key === draft.key)!.rule;
  const field = (name: ScheduleField) => (problem?.field === name ? { intent: 'danger' as const, helperText: problem.text } : {});

  const submit = () => {
    const check = checkSchedule(draft, rule, Date.now());
    if (!check.ok) {
      setProblem({ field: check.field, text: problemText(t, check.problem, rule) });
      return;
    }
    setProblem(null);
    create.mutate(
      {
        plantId: state.plant.id,
        key: draft.key,
        value: check.value,
        kind: draft.kind,
        ...(draft.kind === 'once' ? { date: draft.date } : {}),
        start: draft.start,
        end: draft.end,
      },
      { onSuccess: () => setDraft({ ...draft, value: '' }) },
    );
  };

  return (
    <Card className="helio-rc-schedule-form">
      <H5>{t('schedules.add')}</H5>
      <p className="helio-rc-muted">{t('schedules.zone', { zone: state.plant.timezone })}</p>
      <form
        className="helio-rc-form-row"
        onSubmit={(e) => {
          e.preventDefault();
          submit();
        }}
      >
        <FormGroup label={t('schedules.key')} labelFor="rc-schedule-key">
          <HTMLSelect
            id="rc-schedule-key"
            value={draft.key}
            onChange={(e) => setDraft({ ...draft, key: e.currentTarget.value as WritableKeyName, value: '' })}
            options={state.keys.map((k) => ({ value: k.key, label: t(`keys.${k.key}.label`) }))}
            data-testid="rc-schedule-key"
          />
        </FormGroup>
        <FormGroup
          label={rule.kind === 'forceCharge' ? t('forceCharge.target') : t('schedules.value')}
          labelFor="rc-schedule-value"
          {...field('value')}
        >
          {rule.kind === 'choice' ? (
            <HTMLSelect
              id="rc-schedule-value"
              value={draft.value}
              onChange={(e) => setDraft({ ...draft, value: e.currentTarget.value })}
              options={[
                { value: '', label: t('schedules.choose') },
                ...(rule.choices ?? []).map((c) => ({ value: c, label: t(`operMode.${c}`, { defaultValue: c }) })),
              ]}
              data-testid="rc-schedule-value"
            />
          ) : (
            <InputGroup
              id="rc-schedule-value"
              value={draft.value}
              inputMode="numeric"
              rightElement={<Tag minimal>{rule.unit ?? '%'}</Tag>}
              onChange={(e) => setDraft({ ...draft, value: e.currentTarget.value })}
              data-testid="rc-schedule-value"
            />
          )}
        </FormGroup>
        <FormGroup label={t('schedules.kind')} labelFor="rc-schedule-kind">
          <HTMLSelect
            id="rc-schedule-kind"
            value={draft.kind}
            onChange={(e) => setDraft({ ...draft, kind: e.currentTarget.value as RcScheduleKind })}
            options={RC_SCHEDULE_KINDS.map((k) => ({ value: k, label: t(`schedules.kinds.${k}`) }))}
            data-testid="rc-schedule-kind"
          />
        </FormGroup>
        {draft.kind === 'once' && (
          <FormGroup label={t('schedules.date')} labelFor="rc-schedule-date" {...field('date')}>
            <InputGroup
              id="rc-schedule-date"
              type="date"
              value={draft.date}
              onChange={(e) => setDraft({ ...draft, date: e.currentTarget.value })}
              data-testid="rc-schedule-date"
            />
          </FormGroup>
        )}
        <FormGroup label={t('schedules.start')} labelFor="rc-schedule-start" {...field('start')}>
          <InputGroup
            id="rc-schedule-start"
            type="time"
            value={draft.start}
            onChange={(e) => setDraft({ ...draft, start: e.currentTarget.value })}
            data-testid="rc-schedule-start"
          />
        </FormGroup>
        <FormGroup label={t('schedules.end')} labelFor="rc-schedule-end" {...field('end')}>
          <InputGroup
            id="rc-schedule-end"
            type="time"
            value={draft.end}
            onChange={(e) => setDraft({ ...draft, end: e.currentTarget.value })}
            data-testid="rc-schedule-end"
          />
        </FormGroup>
        <Button type="submit" intent="primary" loading={create.isPending} data-testid="rc-schedule-create">
          {t('schedules.create')}
        </Button>
      </form>
      {create.isError && (
        <Callout intent="danger">
          {apiErrorText(create.error, {
            key: t('schedules.key'),
            value: t('schedules.value'),
            date: t('schedules.date'),
            start: t('schedules.start'),
            end: t('schedules.end'),
          })}
        </Callout>
      )}
    </Card>
  );
}

export function SchedulesPanel({ state }: { state: RcState }) {
  const { t } = useTranslation('rc-app');
  const schedules = useSchedules(state.plant.id);
  const remove = useDeleteSchedule(state.plant.id);
  const ruleOf = (key: string) => state.keys.find((k) => k.key === key)?.rule;
  const show = (key: string, value: unknown) => {
    const rule = ruleOf(key);
    if (rule?.kind === 'forceCharge' && typeof value === 'object' && value !== null && 'targetSoc' in value)
      return t('schedules.forceTo', { target: String(value.targetSoc) });
    return rule ? formatValue(t, rule, value) : JSON.stringify(value);
  };
  return (
    <div className="helio-rc-schedules">
      {state.control.allowed && <ScheduleForm state={state} />}
      {!schedules.data?.length ? (
        <NonIdealState icon="time" title={t('schedules.empty')} />
      ) : (
        <HTMLTable compact striped className="helio-rc-table" data-testid="rc-schedules">
          <thead>
            <tr>
              <th>{t('schedules.key')}</th>
              <th>{t('schedules.value')}</th>
              <th>{t('schedules.window')}</th>
              <th>{t('schedules.status')}</th>
              <th />
            </tr>
          </thead>
          <tbody>
            {schedules.data.map((s) => (
              <tr key={s.id} data-testid="rc-schedule-row" data-active={String(s.active)}>
                <td>{t(`keys.${s.key}.label`, { defaultValue: s.key })}</td>
                <td>{show(s.key, s.value)}</td>
                <td>{t(`schedules.windowText.${s.kind}`, { date: s.date ?? '', start: s.start, end: s.end })}</td>
                <td>
                  {s.suspended && (
                    <Tag intent="warning" minimal data-testid="rc-schedule-suspended" title={t('schedules.suspendedHint')}>
                      {t('schedules.suspended')}
                    </Tag>
                  )}{' '}
                  {s.active ? (
                    <Tag intent="success" minimal>
                      {t('schedules.active', { restore: show(s.key, s.restoreValue) })}
                    </Tag>
                  ) : (
                    <Tag minimal>{t('schedules.waiting')}</Tag>
                  )}
                </td>
                <td>
                  {state.control.allowed && (
                    <Button
                      minimal
                      icon="trash"
                      aria-label={t('schedules.delete')}
                      loading={remove.isPending && remove.variables === s.id}
                      onClick={() => remove.mutate(s.id)}
                    />
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </HTMLTable>
      )}
    </div>
  );
}
