// Asks before a change reaches the device: the plant and old → new. A 409 (someone or the device
// changed the settings meanwhile) shows what changed; the user's value stays and can be sent again
// at the new version.
import React from 'react';
import { useTranslation } from 'react-i18next';
import { Button, Callout, Classes, Dialog, DialogBody, DialogFooter } from '@blueprintjs/core';
import { RC_COMMAND_EXPIRY_MS } from '@helio/contracts/limits';
import type { ChangedSetting } from './conflict';

export interface PendingChange {
  key: string;
  from: string;
  to: string;
}

interface Props {
  plantName: string;
  change: PendingChange | null;
  conflict: ChangedSetting[] | null;
  formatChange: (setting: ChangedSetting) => { label: string; before: string; now: string };
  /** The plant is offline: the value waits for the device, and says so before it is sent. */
  offline: boolean;
  sending: boolean;
  error: string | null;
  onConfirm: () => void;
  onClose: () => void;
}

export function ConfirmChange({ plantName, change, conflict, formatChange, offline, sending, error, onConfirm, onClose }: Props) {
  const { t } = useTranslation('rc-app');
  return (
    <Dialog isOpen={change !== null} onClose={onClose} title={t('confirm.title')} data-testid="rc-confirm">
      {change && (
        <DialogBody>
          <p data-testid="rc-confirm-text">
            {t('confirm.text', { plant: plantName, key: t(`keys.${change.key}.label`), from: change.from, to: change.to })}
          </p>
          {offline && (
            <Callout intent="warning" icon="offline" data-testid="rc-confirm-offline">
              {t('confirm.offline', { hours: RC_COMMAND_EXPIRY_MS / 3_600_000 })}
            </Callout>
          )}
          {conflict && (
            <Callout intent="warning" title={t('confirm.conflictTitle')} data-testid="rc-conflict">
              {conflict.length === 0 ? (
                <p>{t('confirm.conflictNone')}</p>
              ) : (
                <ul className={Classes.LIST}>
                  {conflict.map((setting) => {
                    const text = formatChange(setting);
                    return (
                      <li key={`${setting.key}-${setting.section}`}>
                        {t(`confirm.changed.${setting.section}`, { key: text.label, before: text.before, now: text.now })}
                      </li>
                    );
                  })}
                </ul>
              )}
              <p>{t('confirm.conflictKept')}</p>
            </Callout>
          )}
          {error && (
            <Callout intent="danger" data-testid="rc-confirm-error">
              {error}
            </Callout>
          )}
        </DialogBody>
      )}
      <DialogFooter
        actions={
          <>
            <Button onClick={onClose}>{t('confirm.cancel')}</Button>
            <Button intent="primary" loading={sending} onClick={onConfirm} data-testid="rc-confirm-send">
              {conflict ? t('confirm.sendAgain') : t('confirm.send')}
            </Button>
          </>
        }
      />
    </Dialog>
  );
}
