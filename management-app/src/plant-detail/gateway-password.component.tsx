// "New gateway password": after a confirmation the server issues a new password, shown this once, and
// the old one stops working at once (the embedded broker drops the gateway's connection; with
// Mosquitto the password file is rewritten). Only for someone who may manage plants.
import { useState } from 'react';
import { Alert, Button, Callout, Dialog, DialogBody, DialogFooter } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { apiErrorText, showToast, useMayCall, type GatewayLogin, type PlantDetail } from '@helio/shared-utils';
import { GatewayLoginView } from '../new-plant/gateway-login.component';
import { useRotateGatewayPassword } from './devices.resource';

export function GatewayPasswordAction({ plant }: { plant: PlantDetail }) {
  const { t } = useTranslation('management-app');
  const rotate = useRotateGatewayPassword();
  const [asking, setAsking] = useState(false);
  const [issued, setIssued] = useState<GatewayLogin | null>(null);
  const mayRotate = useMayCall('plant/gateway/credentials/rotate');
  if (!mayRotate) return null;

  const confirm = () =>
    rotate.mutate(
      { id: plant.id },
      {
        onSuccess: (login) => {
          setAsking(false);
          setIssued(login);
          showToast({ intent: 'success', icon: 'key', message: t('gatewayPassword.rotated') });
        },
      },
    );

  return (
    <>
      <Button icon="key" text={t('gatewayPassword.button')} onClick={() => setAsking(true)} data-testid="gateway-rotate" />
      <Alert
        isOpen={asking}
        icon="key"
        intent="warning"
        cancelButtonText={t('devices.cancel')}
        confirmButtonText={t('gatewayPassword.confirm')}
        loading={rotate.isPending}
        onConfirm={confirm}
        onCancel={() => {
          rotate.reset();
          setAsking(false);
        }}
      >
        <p data-testid="gateway-rotate-question">{t('gatewayPassword.question', { name: plant.name })}</p>
        {rotate.isError && <Callout intent="danger">{apiErrorText(rotate.error)}</Callout>}
      </Alert>
      {issued && (
        <Dialog
          isOpen
          title={t('gatewayPassword.issuedTitle', { name: plant.name })}
          icon="key"
          onClose={() => setIssued(null)}
          canOutsideClickClose={false}
          style={{ width: 560 }}
        >
          <DialogBody>
            <GatewayLoginView thingName={plant.thingName} login={issued} />
          </DialogBody>
          <DialogFooter
            actions={<Button intent="primary" text={t('newPlant.done')} onClick={() => setIssued(null)} data-testid="gateway-login-done" />}
          />
        </Dialog>
      )}
    </>
  );
}
