// Add or edit one device: identity, rating, a battery's capacity, and the shadow keys that are its live
// values. Checked here as the server checks; a taken serial number comes back as a field message.
import { useState, type FormEvent } from 'react';
import { Button, Callout, Dialog, DialogBody, DialogFooter, FormGroup, HTMLSelect, InputGroup } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { apiErrorText, showToast, type Device, type DeviceKind } from '@helio/shared-utils';
import {
  changedFields,
  createRequest,
  DEVICE_KINDS,
  deviceProblems,
  draftOf,
  newDeviceDraft,
  TEXT_FIELDS,
  type DeviceDraft,
  type DeviceField,
  type DeviceProblem,
} from './device-form';
import { useCreateDevice, useUpdateDevice } from './devices.resource';

const UNITS: Partial<Record<DeviceField, string>> = { ratedPowerKw: 'kW', capacityKwh: 'kWh' };

export interface DeviceDialogProps {
  plantId: string;
  /** undefined: a new device */
  device?: Device;
  onClose: () => void;
}

export function DeviceDialog({ plantId, device, onClose }: DeviceDialogProps) {
  const { t } = useTranslation('management-app');
  const create = useCreateDevice();
  const update = useUpdateDevice();
  const saving = create.isPending || update.isPending;
  const failed = create.error ?? update.error;
  const [draft, setDraft] = useState<DeviceDraft>(() => (device ? draftOf(device) : newDeviceDraft('inverter')));
  const [submitted, setSubmitted] = useState(false);
  const problems: Partial<Record<DeviceField, DeviceProblem>> = submitted ? deviceProblems(draft) : {};
  if (failed?.status === 409) problems.serial = { problem: 'serialTaken' };

  const reset = () => {
    create.reset();
    update.reset();
  };
  const change = (field: DeviceField, value: string) => {
    setDraft({ ...draft, [field]: value });
    if (failed) reset();
  };
  const changeKind = (kind: DeviceKind) => {
    // A new device's suggested live keys follow its kind until the person edits them.
    const suggested = newDeviceDraft(draft.kind).liveKeys === draft.liveKeys;
    setDraft({ ...draft, kind, liveKeys: suggested ? newDeviceDraft(kind).liveKeys : draft.liveKeys });
  };
  const done = (saved: Device) => {
    showToast({ intent: 'success', icon: 'tick', message: t(device ? 'devices.saved' : 'devices.added', { name: saved.name }) });
    onClose();
  };
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    if (Object.keys(deviceProblems(draft)).length > 0) return;
    if (!device) {
      create.mutate(createRequest(plantId, draft), { onSuccess: done });
      return;
    }
    const payload = changedFields(device, draft);
    if (Object.keys(payload).length === 0) onClose();
    else update.mutate({ id: device.id, payload }, { onSuccess: done });
  };

  const text = (problem: DeviceProblem | undefined) => (problem ? t(`devices.problems.${problem.problem}`, problem) : undefined);
  const input = (field: DeviceField, helper?: string) => (
    <FormGroup
      key={field}
      label={t(`devices.fields.${field}`)}
      labelFor={`device-${field}`}
      labelInfo={UNITS[field]}
      intent={problems[field] ? 'danger' : 'none'}
      helperText={text(problems[field]) ?? helper}
    >
      <InputGroup
        id={`device-${field}`}
        name={field}
        value={draft[field]}
        intent={problems[field] ? 'danger' : 'none'}
        onChange={(e) => change(field, e.target.value)}
      />
    </FormGroup>
  );

  return (
    <Dialog
      isOpen
      title={device ? t('devices.editTitle', { name: device.name }) : t('devices.addTitle')}
      icon={device ? 'edit' : 'add'}
      onClose={saving ? undefined : onClose}
      style={{ width: 600 }}
    >
      <form onSubmit={onSubmit} noValidate data-testid="device-form">
        <DialogBody>
          <FormGroup label={t('devices.fields.kind')} labelFor="device-kind">
            <HTMLSelect
              id="device-kind"
              value={draft.kind}
              disabled={!!device}
              onChange={(e) => changeKind(e.currentTarget.value as DeviceKind)}
              fill
            >
              {DEVICE_KINDS.map((kind) => (
                <option key={kind} value={kind}>
                  {t(`devices.kinds.${kind}`)}
                </option>
              ))}
            </HTMLSelect>
          </FormGroup>
          <div className="helio-management-fields">
            {TEXT_FIELDS.map((field) => input(field))}
            {input('ratedPowerKw')}
            {draft.kind === 'battery' && input('capacityKwh')}
          </div>
          {input('liveKeys', t('devices.liveKeysHelp'))}
          {failed && failed.status !== 409 && (
            <Callout intent="danger" icon="error">
              {apiErrorText(failed)}
            </Callout>
          )}
        </DialogBody>
        <DialogFooter
          actions={
            <>
              <Button text={t('devices.cancel')} onClick={onClose} disabled={saving} />
              <Button
                type="submit"
                intent="primary"
                text={device ? t('devices.save') : t('devices.add')}
                loading={saving}
                data-testid="device-submit"
              />
            </>
          }
        />
      </form>
    </Dialog>
  );
}
