// The plant's settings form: every field checked by the server's limits as the user types (shown once
// they tried to save), saved with the version it was loaded from. When someone else saved first, the
// server's 409 carries their version: a callout names what they changed and lets the user load it, or
// keep their own input and save over it. Nothing typed is dropped without the user choosing so.
import { useState, type FormEvent } from 'react';
import { Button, Callout, Card, FormGroup, H4, HTMLSelect, InputGroup } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { apiErrorText, ReadOnlyNotice, showToast, useMayCall, usePlantBatteryFloor, type PlantDetail } from '@helio/shared-utils';
import { TARIFF_CURRENCIES } from '@helio/contracts/limits';
import { problemText } from '../common/problem-text';
import { conflictPlant, useSaveSettings } from '../plant-detail/plant-detail.resource';
import { changesOf, draftOf, draftProblems, serverProblems, theirChanges, type SettingField, type SettingsDraft } from './settings-draft';
import { SETTING_SECTIONS } from './settings-sections';
import { settingFieldLabels } from './field-labels';

/** The battery's floor, read-only: the one minimum charge, set on /rc and judged by the battery alert. */
function BatteryFloorField({ thingName }: { thingName: string }) {
  const { t } = useTranslation('management-app');
  const { text } = usePlantBatteryFloor(thingName);
  return (
    <FormGroup
      label={t('fields.batteryFloor')}
      labelFor="setting-batteryFloor"
      labelInfo="%"
      helperText={
        <>
          {t('settings.batteryFloorHelp')} <Link to="/rc">{t('settings.batteryFloorLink')}</Link>
        </>
      }
    >
      <InputGroup id="setting-batteryFloor" value={text} readOnly data-testid="settings-battery-floor" />
    </FormGroup>
  );
}

export function SettingsForm({ plant }: { plant: PlantDetail }) {
  const { t } = useTranslation('management-app');
  const save = useSaveSettings();
  // a role without plants:write sees the settings, read-only, and why (the server would refuse a save)
  const mayEdit = useMayCall('plant/update');
  /** The version the draft was loaded from (or, after "keep mine", the version it will overwrite). */
  const [base, setBase] = useState(plant);
  const [draft, setDraft] = useState<SettingsDraft>(() => draftOf(plant));
  const [submitted, setSubmitted] = useState(false);
  const [conflict, setConflict] = useState<PlantDetail>();
  const problems = { ...(save.isError && save.error.status === 400 ? serverProblems(save.error.details) : {}), ...draftProblems(draft) };
  const shown = submitted ? problems : {};
  const changes = changesOf(draft, base);
  const dirty = Object.keys(changes).length > 0;

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    if (Object.keys(draftProblems(draft)).length > 0 || !dirty) return;
    save.mutate(
      { id: plant.id, payload: changes, expectedVersion: base.version },
      {
        onSuccess: (saved) => {
          setBase(saved);
          setDraft(draftOf(saved));
          setSubmitted(false);
          setConflict(undefined);
          showToast({ intent: 'success', icon: 'tick', message: t('settings.saved', { name: saved.name }) });
        },
        onError: (error) => setConflict(conflictPlant(error)),
      },
    );
  };

  const loadTheirs = (theirs: PlantDetail) => {
    setBase(theirs);
    setDraft(draftOf(theirs));
    setConflict(undefined);
    save.reset();
  };
  const keepMine = (theirs: PlantDetail) => {
    setBase(theirs);
    setConflict(undefined);
    save.reset();
  };

  const input = (field: SettingField, unit?: string) => {
    const problem = shown[field];
    const id = `setting-${field}`;
    return (
      <FormGroup
        key={field}
        label={t(`fields.${field}`)}
        labelFor={id}
        labelInfo={unit}
        intent={problem ? 'danger' : 'none'}
        helperText={problem && problemText(t, problem)}
      >
        {field === 'tariffCurrency' ? (
          <HTMLSelect
            id={id}
            value={draft[field]}
            options={[...TARIFF_CURRENCIES]}
            disabled={!mayEdit}
            onChange={(e) => setDraft({ ...draft, [field]: e.currentTarget.value })}
          />
        ) : (
          <InputGroup
            id={id}
            name={field}
            value={draft[field]}
            intent={problem ? 'danger' : 'none'}
            readOnly={!mayEdit}
            onChange={(e) => setDraft({ ...draft, [field]: e.target.value })}
          />
        )}
      </FormGroup>
    );
  };

  return (
    <form onSubmit={onSubmit} noValidate data-testid="settings-form" className="helio-management-settings">
      {!mayEdit && <ReadOnlyNotice path="plant/update" />}
      {conflict && (
        <Callout intent="warning" icon="people" title={t('settings.conflictTitle')} data-testid="settings-conflict">
          <p>{t('settings.conflictText', { version: conflict.version })}</p>
          <p>
            {t('settings.theirChanges')}{' '}
            {theirChanges(base, conflict)
              .map((field) => t(`fields.${field}`))
              .join(', ') || t('settings.noVisibleChanges')}
          </p>
          <Button text={t('settings.loadTheirs')} icon="refresh" onClick={() => loadTheirs(conflict)} data-testid="load-theirs" />{' '}
          <Button text={t('settings.keepMine')} icon="edit" onClick={() => keepMine(conflict)} data-testid="keep-mine" />
        </Callout>
      )}
      {SETTING_SECTIONS.map((section) => (
        <Card key={section.key} className="helio-management-section">
          <H4>{t(`settings.sections.${section.key}`)}</H4>
          <div className="helio-management-fields">
            {section.batteryFloor && plant.batteryKwh !== null && <BatteryFloorField thingName={plant.thingName} />}
            {section.fields.map(({ field, unit }) => input(field, field === 'tariffPricePerKwh' ? `${draft.tariffCurrency}/kWh` : unit))}
          </div>
        </Card>
      ))}
      {submitted && Object.keys(problems).length > 0 && (
        <Callout intent="danger" icon="error" data-testid="settings-invalid">
          {t('settings.invalid')}
        </Callout>
      )}
      {save.isError && !conflict && save.error.status !== 400 && (
        <Callout intent="danger" icon="error">
          {apiErrorText(save.error, settingFieldLabels(t))}
        </Callout>
      )}
      {mayEdit && (
        <div className="helio-management-actions">
          <Button text={t('settings.reset')} disabled={!dirty || save.isPending} onClick={() => setDraft(draftOf(base))} />
          <Button
            type="submit"
            intent="primary"
            icon="floppy-disk"
            text={t('settings.save')}
            loading={save.isPending}
            disabled={!dirty && !conflict}
            data-testid="settings-save"
          />
        </div>
      )}
    </form>
  );
}
