// Fleet command: an export limit or an operating mode for every plant with a tag. Asks first (how many
// plants, of which the user may not control some), then shows the progress and each plant's outcome.
import React, { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  Alert,
  Button,
  Callout,
  Card,
  FormGroup,
  HTMLSelect,
  HTMLTable,
  InputGroup,
  ProgressBar,
  Tag,
  type Intent,
} from '@blueprintjs/core';
import { apiErrorText, TAG_FILTER_PARAM, useUrlParam } from '@helio/shared-utils';
import { RC_FLEET_KEYS } from '@helio/contracts/limits';
import type { RcFleetResult, RcState } from '@helio/contracts';
import { parseDraft, type RcValue } from '../controls/control-draft';
import { formatValue, problemText } from '../controls/value-format';
import { countOutcomes } from './fleet-chunks';
import { useFleetCommand, useFleetPlants, useTags, type FleetKey } from './fleet.resource';

const OUTCOME_INTENT: Record<RcFleetResult['outcome'], Intent> = {
  done: 'success',
  queued: 'primary',
  refused: 'danger',
  noBattery: 'warning',
};

export function FleetPanel({ state }: { state: RcState }) {
  const { t } = useTranslation('rc-app');
  const tags = useTags();
  const [tagParam, setTagId] = useUrlParam(TAG_FILTER_PARAM);
  const tagId = tagParam ?? '';
  const [key, setKey] = useState<FleetKey>('ExportLimit');
  const [text, setText] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [asking, setAsking] = useState<RcValue | null>(null);
  const plants = useFleetPlants(tagId);
  const { run, start } = useFleetCommand();
  const rule = state.keys.find((k) => k.key === key)!.rule;
  const refused = plants.data?.filter((p) => !p.allowed).length ?? 0;

  const ask = () => {
    const parsed = parseDraft(key, rule, { kind: 'text', text }, Date.now());
    if (!parsed.ok) return setProblem(problemText(t, parsed.problem, rule));
    setProblem(null);
    setAsking(parsed.value);
  };
  const counts = run ? countOutcomes(run.results) : null;

  return (
    <div className="helio-rc-fleet">
      <Card>
        <form
          className="helio-rc-form-row"
          onSubmit={(e) => {
            e.preventDefault();
            ask();
          }}
        >
          <FormGroup label={t('fleet.tag')} labelFor="rc-fleet-tag">
            <HTMLSelect
              id="rc-fleet-tag"
              value={tagId}
              onChange={(e) => setTagId(e.currentTarget.value)}
              data-testid="rc-fleet-tag"
              options={[
                { value: '', label: t('fleet.chooseTag') },
                ...(tags.data ?? []).map((tag) => ({ value: tag.id, label: tag.name })),
              ]}
            />
          </FormGroup>
          <FormGroup label={t('fleet.key')} labelFor="rc-fleet-key">
            <HTMLSelect
              id="rc-fleet-key"
              value={key}
              onChange={(e) => {
                setKey(e.currentTarget.value as FleetKey);
                setText('');
              }}
              data-testid="rc-fleet-key"
              options={RC_FLEET_KEYS.map((k) => ({ value: k, label: t(`keys.${k}.label`) }))}
            />
          </FormGroup>
          <FormGroup
            label={t('fleet.value')}
            labelFor="rc-fleet-value"
            intent={problem ? 'danger' : 'none'}
            helperText={problem ?? undefined}
          >
            {rule.kind === 'choice' ? (
              <HTMLSelect
                id="rc-fleet-value"
                value={text}
                onChange={(e) => setText(e.currentTarget.value)}
                data-testid="rc-fleet-value"
                options={[
                  { value: '', label: t('schedules.choose') },
                  ...(rule.choices ?? []).map((c) => ({ value: c, label: t(`operMode.${c}`, { defaultValue: c }) })),
                ]}
              />
            ) : (
              <InputGroup
                id="rc-fleet-value"
                value={text}
                inputMode="numeric"
                rightElement={<Tag minimal>{rule.unit}</Tag>}
                onChange={(e) => setText(e.currentTarget.value)}
                data-testid="rc-fleet-value"
              />
            )}
          </FormGroup>
          <Button type="submit" intent="primary" disabled={!plants.data?.length || run?.running} data-testid="rc-fleet-send">
            {t('fleet.send', { count: plants.data?.length ?? 0 })}
          </Button>
        </form>
        {plants.data && refused > 0 && <Callout intent="warning">{t('fleet.someRefused', { count: refused })}</Callout>}
      </Card>
      <Alert
        isOpen={asking !== null}
        intent="primary"
        confirmButtonText={t('confirm.send')}
        cancelButtonText={t('confirm.cancel')}
        onCancel={() => setAsking(null)}
        onConfirm={() => {
          const value = asking;
          setAsking(null);
          if (value !== null && plants.data) void start(tagId, plants.data, key, value);
        }}
      >
        <p data-testid="rc-fleet-confirm">
          {t('fleet.confirm', {
            key: t(`keys.${key}.label`),
            value: asking === null ? '' : formatValue(t, rule, asking),
            count: plants.data?.length ?? 0,
            tag: tags.data?.find((tag) => tag.id === tagId)?.name ?? '',
          })}
        </p>
      </Alert>
      {run && counts && (
        <Card data-testid="rc-fleet-run">
          <ProgressBar
            value={run.total === 0 ? 1 : run.results.length / run.total}
            intent={run.error ? 'danger' : 'primary'}
            animate={run.running}
            stripes={run.running}
          />
          <p data-testid="rc-fleet-progress">
            {t('fleet.progress', { done: run.results.length, total: run.total })} · {t('fleet.counts', counts)}
          </p>
          {run.error && <Callout intent="danger">{apiErrorText(run.error)}</Callout>}
          <HTMLTable compact striped className="helio-rc-table">
            <thead>
              <tr>
                <th>{t('fleet.plant')}</th>
                <th>{t('fleet.outcome')}</th>
              </tr>
            </thead>
            <tbody>
              {run.results.map((r) => (
                <tr key={r.plantId} data-testid="rc-fleet-result" data-outcome={r.outcome}>
                  <td>{r.name}</td>
                  <td>
                    <Tag minimal intent={OUTCOME_INTENT[r.outcome]}>
                      {t(`fleet.outcomes.${r.outcome}`)}
                    </Tag>
                  </td>
                </tr>
              ))}
            </tbody>
          </HTMLTable>
        </Card>
      )}
    </div>
  );
}
