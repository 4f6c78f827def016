import React from 'react';
import { useTranslation } from 'react-i18next';
import { Button, Dialog, DialogBody, DialogFooter } from '@blueprintjs/core';

const TOPICS = ['navigation', 'plants', 'live', 'account'] as const;

export function HelpDialog({ isOpen, onClose }: { isOpen: boolean; onClose: () => void }) {
  const { t } = useTranslation('nav-app');
  return (
    <Dialog isOpen={isOpen} onClose={onClose} title={t('help.title')} icon="help">
      <DialogBody>
        {TOPICS.map((topic) => (
          <p key={topic}>{t(`help.${topic}`)}</p>
        ))}
      </DialogBody>
      <DialogFooter actions={<Button intent="primary" text={t('help.close')} onClick={onClose} />} />
    </Dialog>
  );
}
