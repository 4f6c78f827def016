// Push notifications on the schedule page (/my-account/notifications): subscribe this browser or
// phone, and the list of the user's devices (rename, send a test, remove). Alerts reach them as they
// reach the mail: within the schedule above, for the user's plants.
import React, { useState } from 'react';
import { Button, Callout, Classes, ControlGroup, FormGroup, HTMLTable, InputGroup, Spinner } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import type { PushDevice } from '@helio/contracts';
import { ErrorPanel, formatDateTime, showToast } from '@helio/shared-utils';
import { pushSupported, PushPermissionDenied } from './browser-push';
import { usePushDevices, useRemoveDevice, useRenameDevice, useSubscribeThisBrowser, useTestDevice } from './push-devices.resource';
import './push-devices.css';

const NAME_MAX = 60;

function SubscribeThisBrowser() {
  const { t } = useTranslation('notifications-app');
  const [name, setName] = useState(() => t('push.defaultName'));
  const subscribe = useSubscribeThisBrowser();
  if (!pushSupported()) {
    return (
      <Callout intent="warning" icon="warning-sign" data-testid="push-unsupported">
        {t('push.unsupported')}
      </Callout>
    );
  }
  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    subscribe.mutate(name.trim(), {
      onSuccess: () => showToast({ intent: 'success', icon: 'tick', message: t('push.subscribed') }),
      onError: (error) =>
        showToast({
          intent: 'danger',
          icon: 'error',
          message: error instanceof PushPermissionDenied ? t('push.permissionDenied') : t('push.subscribeFailed'),
        }),
    });
  };
  return (
    <form onSubmit={submit}>
      <FormGroup label={t('push.deviceName')} labelFor="helio-push-name" helperText={t('push.deviceNameHelp')}>
        <ControlGroup className="helio-push__subscribe">
          <InputGroup id="helio-push-name" value={name} maxLength={NAME_MAX} onValueChange={setName} />
          <Button type="submit" intent="primary" icon="notifications-updated" loading={subscribe.isPending} disabled={!name.trim()}>
            {t('push.subscribe')}
          </Button>
        </ControlGroup>
      </FormGroup>
    </form>
  );
}

function DeviceRow({ device }: { device: PushDevice }) {
  const { t } = useTranslation('notifications-app');
  const [renaming, setRenaming] = useState<string | null>(null);
  const rename = useRenameDevice();
  const remove = useRemoveDevice();
  const test = useTestDevice();
  const failed = () => showToast({ intent: 'danger', icon: 'error', message: t('push.changeFailed') });
  const saveName = (event: React.FormEvent) => {
    event.preventDefault();
    if (renaming === null || !renaming.trim()) return;
    rename.mutate({ id: device.id, name: renaming.trim() }, { onSuccess: () => setRenaming(null), onError: failed });
  };
  return (
    <tr data-testid="push-device">
      <td>
        {renaming === null ? (
          device.name
        ) : (
          <form onSubmit={saveName}>
            <ControlGroup>
              <InputGroup aria-label={t('push.deviceName')} value={renaming} maxLength={NAME_MAX} onValueChange={setRenaming} autoFocus />
              <Button type="submit" icon="tick" aria-label={t('push.saveName')} loading={rename.isPending} />
              <Button icon="cross" aria-label={t('push.cancel')} onClick={() => setRenaming(null)} />
            </ControlGroup>
          </form>
        )}
      </td>
      <td className={Classes.TEXT_MUTED}>{device.service}</td>
      <td>
        {device.lastSentAt ? formatDateTime(new Date(device.lastSentAt), { dateStyle: 'medium', timeStyle: 'short' }) : t('push.never')}
      </td>
      <td className="helio-push__actions">
        <Button variant="minimal" icon="edit" onClick={() => setRenaming(device.name)} disabled={renaming !== null}>
          {t('push.rename')}
        </Button>
        <Button
          variant="minimal"
          icon="send-message"
          loading={test.isPending}
          onClick={() =>
            test.mutate(device.id, {
              onSuccess: () => showToast({ intent: 'success', icon: 'tick', message: t('push.testSent', { name: device.name }) }),
              onError: failed,
            })
          }
        >
          {t('push.sendTest')}
        </Button>
        <Button
          variant="minimal"
          intent="danger"
          icon="trash"
          loading={remove.isPending}
          onClick={() => remove.mutate(device.id, { onError: failed })}
        >
          {t('push.remove')}
        </Button>
      </td>
    </tr>
  );
}

export function PushDevices() {
  const { t } = useTranslation('notifications-app');
  const devices = usePushDevices();
  let list: React.ReactNode;
  if (devices.isError) {
    list = <ErrorPanel title={t('push.loadFailed')} description={t('common.errorDescription')} onRetry={() => devices.refetch()} />;
  } else if (!devices.data) {
    list = <Spinner size={20} aria-label={t('push.loading')} />;
  } else if (devices.data.devices.length === 0) {
    list = <p className={Classes.TEXT_MUTED}>{t('push.none')}</p>;
  } else {
    list = (
      <div className="helio-push__table-scroll">
        <HTMLTable compact className="helio-push__table" aria-label={t('push.devices')}>
          <thead>
            <tr>
              <th scope="col">{t('push.deviceName')}</th>
              <th scope="col">{t('push.service')}</th>
              <th scope="col">{t('push.lastSent')}</th>
              <th scope="col">
                <span className={Classes.TEXT_MUTED}>{t('push.actions')}</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {devices.data.devices.map((device) => (
              <DeviceRow key={device.id} device={device} />
            ))}
          </tbody>
        </HTMLTable>
      </div>
    );
  }
  return (
    <section className="helio-push" aria-labelledby="helio-push-title" data-testid="push-devices">
      <h2 id="helio-push-title" className={Classes.HEADING}>
        {t('push.title')}
      </h2>
      <p className={Classes.TEXT_MUTED}>{t('push.description')}</p>
      <SubscribeThisBrowser />
      {list}
    </section>
  );
}
