// Every writable key of the active plant as a control, live from the shadow's push. A change is
// parsed by the key's rule, confirmed by the user (plant, old → new) and sent at the shadow's version.
import React, { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Callout, NonIdealState, Spinner, Tag } from '@blueprintjs/core';
import { apiErrorText, ApiError, formatDateTime, useNow, usePlantExportLimit, useShadow } from '@helio/shared-utils';
import type { RcCommand, RcState } from '@helio/contracts';
import { WRITABLE_KEY_NAMES, type WritableKeyName } from '@helio/contracts/device';
import { changedMeanwhile, conflictCurrent, type ChangedSetting, type SettingsSnapshot } from './conflict';
import { ConfirmChange, type PendingChange } from './confirm-change.component';
import { ControlCard } from './control-card.component';
import { draftOf, parseDraft, type Draft, type RcValue } from './control-draft';
import { controlState, lastExpired, refusalOf } from './control-state';
import { useCancelControl, useSetControl } from './controls.resource';
import { formatValue, problemText } from './value-format';

interface Sending extends PendingChange {
  key: WritableKeyName;
  value: RcValue;
  expectedVersion: number;
  seen: SettingsSnapshot;
}

/** The writable keys of a shadow section: what the user saw of the settings, sent with the version. */
const settingsOf = (section: Record<string, unknown>) =>
  Object.fromEntries(WRITABLE_KEY_NAMES.filter((key) => key in section).map((key) => [key, section[key]]));

/** The plant's status as the registry, /services and the plant detail show it (rc/state's gateway.status). */
function GatewayTag({ gateway }: { gateway: RcState['gateway'] }) {
  const { t } = useTranslation('rc-app');
  const since = gateway.since === null ? null : formatDateTime(gateway.since, { dateStyle: 'short', timeStyle: 'short' });
  const text = gateway.status === 'offline' && since === null ? t('gateway.never') : t(`gateway.${gateway.status}`, { since: since ?? '' });
  return (
    <Tag minimal intent={gateway.status === 'online' ? 'success' : 'danger'} data-testid="rc-gateway" data-state={gateway.status}>
      {text}
    </Tag>
  );
}

/** `commands`: the plant's recent commands, newest first (the history's), to tell a request that expired. */
export function ControlsPanel({ state, commands = [] }: { state: RcState; commands?: readonly RcCommand[] }) {
  const { t } = useTranslation('rc-app');
  const { plant, keys, gateway, control } = state;
  const shadow = useShadow(plant.thingName);
  // the export limit in the plant detail's words: reported, the request beside it, else the plant's setting
  const exportLimit = usePlantExportLimit(plant.thingName, plant.gridExportLimitKw);
  const now = useNow(1000);
  const setControl = useSetControl(plant.id);
  const cancelControl = useCancelControl(plant.id, plant.thingName);
  const [drafts, setDrafts] = useState<Partial<Record<WritableKeyName, Draft>>>({});
  const [problems, setProblems] = useState<Partial<Record<WritableKeyName, string>>>({});
  const [sending, setSending] = useState<Sending | null>(null);
  const [conflict, setConflict] = useState<ChangedSetting[] | null>(null);
  const [sendError, setSendError] = useState<string | null>(null);

  if (shadow.isError) return <NonIdealState icon="error" title={t('errors.shadow')} />;
  if (!shadow.data) return <Spinner aria-label={t('loading')} />;
  const doc = shadow.data;
  const ruleOf = (key: string) => keys.find((k) => k.key === key)?.rule;
  const current = (key: string) => doc.state.desired[key] ?? doc.state.reported[key];
  const draftFor = (key: WritableKeyName) => drafts[key] ?? draftOf(ruleOf(key)!, current(key), now);

  const apply = (key: WritableKeyName) => {
    const rule = ruleOf(key)!;
    const parsed = parseDraft(key, rule, draftFor(key), Date.now());
    if (!parsed.ok) {
      setProblems((p) => ({ ...p, [key]: problemText(t, parsed.problem, rule) }));
      return;
    }
    setProblems((p) => ({ ...p, [key]: undefined }));
    setDrafts((d) => ({ ...d, [key]: draftFor(key) }));
    setConflict(null);
    setSendError(null);
    setSending({
      key,
      value: parsed.value,
      from: formatValue(t, rule, current(key)),
      to: formatValue(t, rule, parsed.value),
      expectedVersion: doc.version,
      seen: { desired: settingsOf(doc.state.desired), reported: settingsOf(doc.state.reported) },
    });
  };

  const confirm = () => {
    if (!sending) return;
    setControl.mutate(
      { plantId: plant.id, key: sending.key, value: sending.value, expectedVersion: sending.expectedVersion, seen: sending.seen },
      {
        onSuccess: () => {
          setDrafts((d) => ({ ...d, [sending.key]: undefined }));
          setSending(null);
          setConflict(null);
        },
        onError: (error) => {
          const fresh = error instanceof ApiError && error.status === 409 ? conflictCurrent(error.details) : null;
          if (fresh) {
            // The user's value stays; "send again" goes at the version the server has now.
            setConflict(
              changedMeanwhile(
                keys.map((k) => k.key),
                sending.seen,
                fresh.current,
              ),
            );
            setSending({ ...sending, expectedVersion: fresh.version, seen: fresh.current });
            return;
          }
          setSendError(apiErrorText(error));
        },
      },
    );
  };

  const formatChange = (setting: ChangedSetting) => {
    const rule = ruleOf(setting.key)!;
    return { label: t(`keys.${setting.key}.label`), before: formatValue(t, rule, setting.before), now: formatValue(t, rule, setting.now) };
  };

  return (
    <div className="helio-rc-controls">
      <div className="helio-rc-controls__status">
        <GatewayTag gateway={gateway} />
      </div>
      {!control.allowed && (
        <Callout intent="primary" icon="lock" title={t('readOnly.title')} data-testid="rc-read-only">
          {t(`readOnly.${control.reason ?? 'permission'}`)}
        </Callout>
      )}
      <div className="helio-rc-grid">
        {keys.map(({ key, rule }) => (
          <ControlCard
            key={key}
            keyName={key}
            rule={rule}
            reported={doc.state.reported[key]}
            desired={doc.state.desired[key]}
            inForce={key === 'ExportLimit' ? exportLimit.text : undefined}
            state={controlState(key, doc, gateway.status, now)}
            refusal={refusalOf(key, doc)}
            expired={lastExpired(key, commands)}
            draft={draftFor(key)}
            problem={problems[key] ?? null}
            allowed={control.allowed}
            onDraft={(draft) => setDrafts((d) => ({ ...d, [key]: draft }))}
            onApply={() => apply(key)}
            onCancel={() =>
              cancelControl.mutate(
                { key },
                { onError: (error) => setProblems((p) => ({ ...p, [key]: t('cancelFailed', { error: apiErrorText(error) }) })) },
              )
            }
            cancelling={cancelControl.isPending && cancelControl.variables?.key === key}
          />
        ))}
      </div>
      <ConfirmChange
        plantName={plant.name}
        change={sending}
        conflict={conflict}
        formatChange={formatChange}
        offline={gateway.status === 'offline'}
        sending={setControl.isPending}
        error={sendError}
        onConfirm={confirm}
        onClose={() => setSending(null)}
      />
    </div>
  );
}
