// "New plant": its name, place and size, checked by the server's limits; once created, the dialog shows
// what the gateway needs, once: the thing name the server issued, the MQTT username and the password.
import { useState, type FormEvent } from 'react';
import { Button, Callout, Dialog, DialogBody, DialogFooter, FormGroup, InputGroup } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { apiErrorText, showToast, type GatewayLogin, type PlantDetail } from '@helio/shared-utils';
import { settingFieldLabels } from '../plant-settings/field-labels';
import { problemText, type FieldProblem } from '../common/problem-text';
import { useCreatePlant } from '../plants/plants.resource';
import { GatewayLoginView } from './gateway-login.component';
import {
  EMPTY_NEW_PLANT,
  NEW_PLANT_FIELDS,
  createRequest,
  newPlantProblems,
  type NewPlantDraft,
  type NewPlantField,
} from './new-plant-form';

const UNITS: Partial<Record<NewPlantField, string>> = {
  latitude: '°',
  longitude: '°',
  pvPeakKw: 'kWp',
  batteryKwh: 'kWh',
  chargerKw: 'kW',
};

export function NewPlantDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation('management-app');
  const create = useCreatePlant();
  const [draft, setDraft] = useState<NewPlantDraft>(EMPTY_NEW_PLANT);
  const [submitted, setSubmitted] = useState(false);
  const [created, setCreated] = useState<{ plant: PlantDetail; gatewayLogin: GatewayLogin }>();
  const problems: Partial<Record<NewPlantField, FieldProblem>> = submitted ? newPlantProblems(draft) : {};

  const change = (field: NewPlantField, value: string) => {
    setDraft({ ...draft, [field]: value });
    if (create.isError) create.reset();
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    if (Object.keys(newPlantProblems(draft)).length > 0) return;
    create.mutate(createRequest(draft), {
      onSuccess: (answer) => {
        setCreated(answer);
        showToast({ intent: 'success', icon: 'tick', message: t('newPlant.created', { name: answer.plant.name }) });
      },
    });
  };

  if (created) {
    return (
      <Dialog
        isOpen
        title={t('newPlant.createdTitle', { name: created.plant.name })}
        icon="key"
        onClose={onClose}
        canOutsideClickClose={false}
        style={{ width: 560 }}
      >
        <DialogBody>
          <GatewayLoginView thingName={created.plant.thingName} login={created.gatewayLogin} />
        </DialogBody>
        <DialogFooter actions={<Button intent="primary" text={t('newPlant.done')} onClick={onClose} data-testid="gateway-login-done" />} />
      </Dialog>
    );
  }

  return (
    <Dialog isOpen title={t('newPlant.title')} icon="add" onClose={create.isPending ? undefined : onClose} style={{ width: 600 }}>
      <form onSubmit={onSubmit} noValidate data-testid="new-plant-form">
        <DialogBody>
          <div className="helio-management-fields">
            {NEW_PLANT_FIELDS.map((field) => {
              const problem = problems[field];
              return (
                <FormGroup
                  key={field}
                  label={t(`fields.${field}`)}
                  labelFor={`new-plant-${field}`}
                  labelInfo={UNITS[field]}
                  intent={problem ? 'danger' : 'none'}
                  helperText={problem ? problemText(t, problem) : undefined}
                >
                  <InputGroup
                    id={`new-plant-${field}`}
                    name={field}
                    value={draft[field]}
                    intent={problem ? 'danger' : 'none'}
                    onChange={(e) => change(field, e.target.value)}
                  />
                </FormGroup>
              );
            })}
          </div>
          {create.isError && (
            <Callout intent="danger" icon="error">
              {apiErrorText(create.error, settingFieldLabels(t))}
            </Callout>
          )}
        </DialogBody>
        <DialogFooter
          actions={
            <>
              <Button text={t('actions.cancel')} onClick={onClose} disabled={create.isPending} />
              <Button
                type="submit"
                intent="primary"
                icon="add"
                text={t('newPlant.create')}
                loading={create.isPending}
                data-testid="new-plant-create"
              />
            </>
          }
        />
      </form>
    </Dialog>
  );
}
