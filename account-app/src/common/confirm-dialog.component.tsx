// Every destructive or access-changing action asks first. The server's refusal (e.g. the last admin)
// stays inside the dialog as a clear message, so the person sees why and can cancel.
import type { ReactNode } from 'react';
import { Button, Callout, Dialog, DialogBody, DialogFooter, type Intent } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';

export interface ConfirmDialogProps {
  isOpen: boolean;
  title: string;
  children: ReactNode;
  confirmText: string;
  intent?: Intent;
  busy: boolean;
  /** The translated failure of the last attempt, shown above the buttons. */
  error?: string | null;
  onConfirm: () => void;
  onClose: () => void;
}

export function ConfirmDialog({
  isOpen,
  title,
  children,
  confirmText,
  intent = 'danger',
  busy,
  error,
  onConfirm,
  onClose,
}: ConfirmDialogProps) {
  const { t } = useTranslation('account-app');
  return (
    <Dialog isOpen={isOpen} title={title} onClose={busy ? undefined : onClose}>
      <DialogBody>
        <div data-testid="confirm-dialog">{children}</div>
        {error && (
          <Callout intent="danger" icon="error" data-testid="confirm-error" className="helio-account-callout">
            {error}
          </Callout>
        )}
      </DialogBody>
      <DialogFooter
        actions={
          <>
            <Button text={t('actions.cancel')} onClick={onClose} disabled={busy} />
            <Button intent={intent} text={confirmText} loading={busy} onClick={onConfirm} data-testid="confirm-submit" />
          </>
        }
      />
    </Dialog>
  );
}
