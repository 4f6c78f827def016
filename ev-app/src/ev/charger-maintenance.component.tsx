// A charger's maintenance calls on /ev: take it out of service or back (OCPP ChangeAvailability, for an
// operator of the plant) and restart it (Reset, the plant's owner only, after a confirmation that names
// what a restart ends). Each call shows in the command history, pending until the charger answers.
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert, Button, FormGroup, HTMLSelect } from '@blueprintjs/core';
import type { OcppChargerView } from '@helio/contracts';
import { apiErrorText, showToast } from '@helio/shared-utils';
import { useChargerAvailability, useChargerReset } from './ocpp-control.resource';

export function ChargerMaintenance({
  charger,
  plantId,
  canControl,
  isOwner,
}: {
  charger: OcppChargerView;
  plantId: string;
  canControl: boolean;
  isOwner: boolean;
}) {
  const { t } = useTranslation('ev-app');
  const availability = useChargerAvailability(plantId);
  const reset = useChargerReset(plantId);
  const [confirming, setConfirming] = useState(false);
  const [kind, setKind] = useState<'Soft' | 'Hard'>('Soft');
  if (!canControl && !isOwner) return null;
  const online = charger.connection === 'online';
  // Out of service when every connector it has told of is Unavailable.
  const outOfService = charger.connectors.length > 0 && charger.connectors.every((c) => c.status === 'Unavailable');
  const sent = () => showToast({ intent: 'primary', message: t('ocpp.callSent') });
  const failed = (error: unknown) => showToast({ intent: 'danger', message: apiErrorText(error) });
  return (
    <div className="helio-ev__settings" data-testid="charger-maintenance">
      {canControl && (
        <Button
          icon={outOfService ? 'play' : 'disable'}
          text={t(outOfService ? 'ocpp.makeAvailable' : 'ocpp.makeUnavailable')}
          disabled={!online}
          loading={availability.isPending}
          onClick={() =>
            availability.mutate({ chargerId: charger.chargerId, available: outOfService }, { onSuccess: sent, onError: failed })
          }
          data-testid="charger-availability"
        />
      )}
      {isOwner && (
        <Button
          icon="refresh"
          intent="warning"
          text={t('ocpp.reset')}
          disabled={!online}
          loading={reset.isPending}
          onClick={() => setConfirming(true)}
          data-testid="charger-reset"
        />
      )}
      <Alert
        isOpen={confirming}
        intent="warning"
        icon="refresh"
        confirmButtonText={t('ocpp.resetConfirm')}
        cancelButtonText={t('vehicles.cancel')}
        onCancel={() => setConfirming(false)}
        onConfirm={() => {
          reset.mutate({ chargerId: charger.chargerId, type: kind }, { onSuccess: sent, onError: failed });
          setConfirming(false);
        }}
      >
        <p data-testid="charger-reset-question">{t('ocpp.resetQuestion', { name: charger.name })}</p>
        <FormGroup label={t('ocpp.resetKind')} labelFor={`reset-kind-${charger.chargerId}`}>
          <HTMLSelect
            id={`reset-kind-${charger.chargerId}`}
            value={kind}
            onChange={(e) => setKind(e.currentTarget.value as 'Soft' | 'Hard')}
            options={[
              { value: 'Soft', label: t('ocpp.resetSoft') },
              { value: 'Hard', label: t('ocpp.resetHard') },
            ]}
          />
        </FormGroup>
      </Alert>
    </div>
  );
}
