// The plant settings' alert thresholds: the state of charge under which the battery alert opens and
// the share of clear-sky PV under which the PV alert opens. Checked as typed by the server's limits
// (shown once the user tried to save), saved on their own through the notifications thresholds endpoint.
import { useState, type FormEvent } from 'react';
import { Button, Callout, Card, Classes, FormGroup, H4, InputGroup, Spinner } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import {
  formatNumber,
  ReadOnlyNotice,
  useMayCall,
  parseThresholdNumber,
  showToast,
  THRESHOLD_FIELDS,
  THRESHOLD_LIMITS,
  validateThresholds,
  type AlertThresholds,
  type ThresholdDraft,
  type ThresholdField,
} from '@helio/shared-utils';
import { useAlertThresholds, useSaveAlertThresholds } from './alert-thresholds.resource';

const draftOf = (saved: AlertThresholds): ThresholdDraft => ({
  batterySocMin: formatNumber(saved.batterySocMin),
  pvMinPercent: formatNumber(saved.pvMinPercent),
});

function ThresholdsForm({ saved }: { saved: AlertThresholds }) {
  const { t } = useTranslation('management-app');
  const save = useSaveAlertThresholds();
  const mayEdit = useMayCall('notifications/thresholds/save');
  const [draft, setDraft] = useState<ThresholdDraft>(() => draftOf(saved));
  const [submitted, setSubmitted] = useState(false);
  const errors = submitted ? validateThresholds(draft) : {};

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    if (Object.keys(validateThresholds(draft)).length > 0) return;
    const thresholds = {
      plantId: saved.plantId,
      batterySocMin: parseThresholdNumber(draft.batterySocMin),
      pvMinPercent: parseThresholdNumber(draft.pvMinPercent),
    };
    save.mutate(thresholds, {
      onSuccess: (next) => {
        setDraft(draftOf(next));
        setSubmitted(false);
        showToast({ intent: 'success', icon: 'tick', message: t('thresholds.saved') });
      },
      onError: (error) =>
        showToast({
          intent: 'danger',
          icon: 'error',
          message: error.status === 403 ? t('thresholds.forbidden') : t('thresholds.saveFailed'),
        }),
    });
  };

  const field = (name: ThresholdField) => {
    const problem = errors[name];
    const label = t(`thresholds.${name}`);
    const { min, max } = THRESHOLD_LIMITS[name];
    return (
      <FormGroup
        key={name}
        label={label}
        labelFor={`threshold-${name}`}
        labelInfo="%"
        intent={problem ? 'danger' : 'none'}
        helperText={
          problem
            ? t(`thresholds.errors.${problem}`, { field: label, min: formatNumber(min), max: formatNumber(max) })
            : t(`thresholds.${name}Help`)
        }
      >
        <InputGroup
          id={`threshold-${name}`}
          name={name}
          inputMode="decimal"
          value={draft[name]}
          intent={problem ? 'danger' : 'none'}
          readOnly={!mayEdit}
          onValueChange={(value) => setDraft({ ...draft, [name]: value })}
        />
      </FormGroup>
    );
  };

  return (
    <form onSubmit={onSubmit} noValidate data-testid="thresholds-form">
      {!mayEdit && <ReadOnlyNotice path="notifications/thresholds/save" />}
      <div className="helio-management-fields">{THRESHOLD_FIELDS.map(field)}</div>
      {mayEdit && (
        <div className="helio-management-actions">
          <Button
            type="submit"
            intent="primary"
            icon="floppy-disk"
            text={t('thresholds.save')}
            loading={save.isPending}
            data-testid="thresholds-save"
          />
        </div>
      )}
    </form>
  );
}

export function AlertThresholdsSection({ plantId }: { plantId: string }) {
  const { t } = useTranslation('management-app');
  const thresholds = useAlertThresholds(plantId);
  let body;
  if (thresholds.data) body = <ThresholdsForm saved={thresholds.data} />;
  else if (thresholds.isError && thresholds.error.status === 403) body = <p className={Classes.TEXT_MUTED}>{t('thresholds.noAccess')}</p>;
  else if (thresholds.isError) {
    body = (
      <Callout intent="danger" icon="error">
        {t('thresholds.loadFailed')} <Button variant="minimal" text={t('thresholds.retry')} onClick={() => thresholds.refetch()} />
      </Callout>
    );
  } else body = <Spinner size={20} />;
  return (
    <Card className="helio-management-section" data-testid="alert-thresholds">
      <H4>{t('thresholds.title')}</H4>
      <p className={Classes.TEXT_MUTED}>{t('thresholds.description')}</p>
      {body}
    </Card>
  );
}
