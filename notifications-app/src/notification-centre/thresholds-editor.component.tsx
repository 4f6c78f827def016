// Per-plant alert thresholds: the state of charge under which the battery alert opens and the share
// of clear-sky PV under which the PV alert opens. The battery's own floor (BatSocMin, what /rc sets)
// is shown beside the first: the alert opens under the lower of the two, so it never fires for a
// battery resting where it was told to stop (server/src/notifications/conditions.ts batteryLow).
import React, { useEffect, useState } from 'react';
import { Button, Card, Classes, FormGroup, H4, HTMLSelect, InputGroup, Intent, Spinner } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { formatNumber, ReadOnlyNotice, showToast, useMayCall, useShadow, type Plant } from '@helio/shared-utils';
import { useSaveThresholds, useThresholds } from './alerts.resource';
import { parseNumber, validateThresholds, type ThresholdDraft, type ThresholdField } from './thresholds-form';

function ThresholdsForm({ plantId, thingName }: { plantId: string; thingName: string | undefined }) {
  const { t } = useTranslation('notifications-app');
  const thresholds = useThresholds(plantId);
  const saving = useSaveThresholds();
  const mayEdit = useMayCall('notifications/thresholds/save');
  const [draft, setDraft] = useState<ThresholdDraft | null>(null);
  const [submitted, setSubmitted] = useState(false);
  const reportedFloor = useShadow(thingName).data?.state.reported.BatSocMin;
  const floor = typeof reportedFloor === 'number' ? reportedFloor : null;

  useEffect(() => {
    if (thresholds.data) {
      setDraft({ batterySocMin: formatNumber(thresholds.data.batterySocMin), pvMinPercent: formatNumber(thresholds.data.pvMinPercent) });
      setSubmitted(false);
    }
  }, [thresholds.data]);

  const helpOf = (name: ThresholdField) => {
    if (name !== 'batterySocMin' || floor === null) return t(`thresholds.${name}Help`);
    return <span data-testid="threshold-battery-floor">{t('thresholds.batterySocMinFloor', { floor: formatNumber(floor) })}</span>;
  };

  if (thresholds.isError) return <p className={Classes.TEXT_MUTED}>{t('thresholds.loadFailed')}</p>;
  if (!draft) return <Spinner size={20} />;
  const errors = submitted ? validateThresholds(draft) : {};

  const field = (name: ThresholdField) => (
    <FormGroup
      label={t(`thresholds.${name}`)}
      labelFor={`threshold-${name}`}
      intent={errors[name] ? Intent.DANGER : Intent.NONE}
      helperText={errors[name] ? t(`thresholds.errors.${errors[name]}`, { field: t(`thresholds.${name}`) }) : helpOf(name)}
    >
      <InputGroup
        id={`threshold-${name}`}
        value={draft[name]}
        inputMode="decimal"
        rightElement={<span className="helio-thresholds__unit">%</span>}
        intent={errors[name] ? Intent.DANGER : Intent.NONE}
        readOnly={!mayEdit}
        onValueChange={(value) => setDraft({ ...draft, [name]: value })}
      />
    </FormGroup>
  );

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    if (Object.keys(validateThresholds(draft)).length > 0) return;
    saving.mutate(
      { plantId, batterySocMin: parseNumber(draft.batterySocMin), pvMinPercent: parseNumber(draft.pvMinPercent) },
      {
        onSuccess: () => showToast({ intent: 'success', icon: 'tick', message: t('thresholds.saved') }),
        onError: (error) =>
          showToast({
            intent: 'danger',
            icon: 'error',
            message: error.status === 403 ? t('thresholds.forbidden') : t('thresholds.saveFailed'),
          }),
      },
    );
  };

  return (
    <form onSubmit={submit} className="helio-thresholds__form">
      {!mayEdit && <ReadOnlyNotice path="notifications/thresholds/save" />}
      {field('batterySocMin')}
      {field('pvMinPercent')}
      {mayEdit && <Button type="submit" intent="primary" icon="floppy-disk" loading={saving.isPending} text={t('thresholds.save')} />}
    </form>
  );
}

export function ThresholdsEditor({ plants, initialPlantId }: { plants: Plant[]; initialPlantId: string | undefined }) {
  const { t } = useTranslation('notifications-app');
  // The plant the user picked; until then the page's plant (or the first), which may arrive after the
  // first render (the plant list loads), so it is derived on every render rather than kept in state.
  const [picked, setPicked] = useState<string>();
  const known = (id: string | undefined) => (id !== undefined && plants.some((p) => p.id === id) ? id : undefined);
  const plantId = known(picked) ?? known(initialPlantId) ?? plants[0]?.id;
  return (
    <Card className="helio-thresholds" data-testid="thresholds-editor">
      <H4>{t('thresholds.title')}</H4>
      <p className={Classes.TEXT_MUTED}>{t('thresholds.description')}</p>
      {plants.length === 0 ? (
        <p>{t('thresholds.noPlants')}</p>
      ) : (
        <>
          <FormGroup label={t('filters.plant')} labelFor="threshold-plant">
            <HTMLSelect
              id="threshold-plant"
              value={plantId}
              options={plants.map((p) => ({ value: p.id, label: p.name }))}
              onChange={(event) => setPicked(event.currentTarget.value)}
            />
          </FormGroup>
          {plantId && <ThresholdsForm key={plantId} plantId={plantId} thingName={plants.find((p) => p.id === plantId)?.thingName} />}
        </>
      )}
    </Card>
  );
}
