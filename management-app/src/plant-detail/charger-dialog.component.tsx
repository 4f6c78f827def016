// "Add charger": the charge point id the charger will sign in with and a name; the server answers
// the OCPP URL and a password, shown in the same dialog this once. Checked here as the contract
// checks it; an id already in use comes back as a field message.
import { useState, type FormEvent } from 'react';
import { Button, Callout, Dialog, DialogBody, DialogFooter, FormGroup, InputGroup } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { CHARGE_POINT_ID_MAX, CHARGE_POINT_ID_PATTERN_SOURCE, CHARGER_NAME_MAX } from '@helio/contracts/limits';
import type { ChargerLogin } from '@helio/contracts';
import { apiErrorText, showToast } from '@helio/shared-utils';
import { ChargerLoginView } from './charger-login.component';
import { useAddCharger } from './chargers.resource';

type Field = 'chargePointId' | 'name';
type Problem = 'required' | 'tooLong' | 'chargePointId' | 'taken';
const ID_PATTERN = new RegExp(CHARGE_POINT_ID_PATTERN_SOURCE);

/** What is wrong with the form, per field, as the contract would refuse it. */
export function chargerProblems(draft: Record<Field, string>): Partial<Record<Field, Problem>> {
  const problems: Partial<Record<Field, Problem>> = {};
  const id = draft.chargePointId;
  if (id === '') problems.chargePointId = 'required';
  else if (id.length > CHARGE_POINT_ID_MAX) problems.chargePointId = 'tooLong';
  else if (!ID_PATTERN.test(id)) problems.chargePointId = 'chargePointId';
  const name = draft.name.trim();
  if (name === '') problems.name = 'required';
  else if (name.length > CHARGER_NAME_MAX) problems.name = 'tooLong';
  return problems;
}

export function AddChargerDialog({ plantId, onClose }: { plantId: string; onClose: () => void }) {
  const { t } = useTranslation('management-app');
  const add = useAddCharger(plantId);
  const [draft, setDraft] = useState<Record<Field, string>>({ chargePointId: '', name: '' });
  const [submitted, setSubmitted] = useState(false);
  const [issued, setIssued] = useState<ChargerLogin | null>(null);
  const problems = submitted ? chargerProblems(draft) : {};
  if (add.error?.status === 409) problems.chargePointId = 'taken';
  const max = { chargePointId: CHARGE_POINT_ID_MAX, name: CHARGER_NAME_MAX };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    if (Object.keys(chargerProblems(draft)).length > 0) return;
    add.mutate(
      { chargePointId: draft.chargePointId, name: draft.name.trim() },
      {
        onSuccess: (login) => {
          setIssued(login);
          showToast({ intent: 'success', icon: 'tick', message: t('chargers.added', { name: draft.name.trim() }) });
        },
      },
    );
  };

  const input = (field: Field, helper: string) => (
    <FormGroup
      label={t(`chargers.fields.${field}`)}
      labelFor={`charger-${field}`}
      intent={problems[field] ? 'danger' : 'none'}
      helperText={problems[field] ? t(`chargers.problems.${problems[field]}`, { max: max[field] }) : helper}
    >
      <InputGroup
        id={`charger-${field}`}
        value={draft[field]}
        intent={problems[field] ? 'danger' : 'none'}
        onChange={(event) => {
          setDraft({ ...draft, [field]: event.target.value });
          if (add.isError) add.reset();
        }}
        data-testid={`charger-${field}`}
        autoFocus={field === 'chargePointId'}
      />
    </FormGroup>
  );

  if (issued) {
    return (
      <Dialog
        isOpen
        title={t('chargers.issuedTitle', { name: draft.name.trim() })}
        icon="key"
        onClose={onClose}
        canOutsideClickClose={false}
      >
        <DialogBody>
          <ChargerLoginView chargePointId={draft.chargePointId} login={issued} />
        </DialogBody>
        <DialogFooter actions={<Button intent="primary" text={t('newPlant.done')} onClick={onClose} data-testid="charger-login-done" />} />
      </Dialog>
    );
  }
  return (
    <Dialog isOpen title={t('chargers.addTitle')} icon="add" onClose={onClose}>
      <form onSubmit={onSubmit} noValidate>
        <DialogBody>
          {input('chargePointId', t('chargers.chargePointIdHelp'))}
          {input('name', t('chargers.nameHelp'))}
          {add.isError && add.error.status !== 409 && <Callout intent="danger">{apiErrorText(add.error)}</Callout>}
        </DialogBody>
        <DialogFooter
          actions={
            <>
              <Button text={t('devices.cancel')} onClick={onClose} />
              <Button type="submit" intent="primary" text={t('devices.add')} loading={add.isPending} data-testid="charger-add-submit" />
            </>
          }
        />
      </form>
    </Dialog>
  );
}
