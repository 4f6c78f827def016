// The plant's OCPP chargers, in the devices tab: each with its connection, what it told at boot
// (vendor, model, firmware), its last heartbeat and its connectors' status. Someone who may manage
// plants and owns the plant adds a charger (its login shown once), gives it a new password or removes it
// (both asked first).
import { useState, type ReactNode } from 'react';
import {
  Alert,
  Button,
  Callout,
  Card,
  Dialog,
  DialogBody,
  DialogFooter,
  H4,
  HTMLTable,
  NonIdealState,
  Spinner,
  Tag,
} from '@blueprintjs/core';
import type { Intent } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import type { ChargerLogin, OcppChargerView, OcppConnectorView } from '@helio/contracts';
import { apiErrorText, ErrorPanel, formatDateTime, showToast, useMayCall, type PlantDetail } from '@helio/shared-utils';
import { AddChargerDialog } from './charger-dialog.component';
import { ChargerLoginView } from './charger-login.component';
import { useChargers, useRemoveCharger, useRotateChargerPassword } from './chargers.resource';

type ChargerState = 'connected' | 'disconnected' | 'never' | 'noPassword';

export function chargerState(charger: OcppChargerView): ChargerState {
  if (!charger.hasPassword) return 'noPassword';
  if (charger.connection === 'online') return 'connected';
  return charger.connection === 'offline' ? 'disconnected' : 'never';
}

const STATE_INTENT: Record<ChargerState, Intent> = { connected: 'success', disconnected: 'danger', never: 'none', noPassword: 'warning' };

const connectorIntent = (status: OcppConnectorView['status']): Intent =>
  status === 'Faulted' ? 'danger' : status === 'Unavailable' ? 'warning' : status === 'Charging' ? 'success' : 'none';

const when = (iso: string | null) => (iso === null ? '—' : formatDateTime(Date.parse(iso)));

export function PlantChargers({ plant }: { plant: PlantDetail }) {
  const { t } = useTranslation('management-app');
  const chargers = useChargers(plant.id);
  const remove = useRemoveCharger(plant.id);
  const rotate = useRotateChargerPassword(plant.id);
  const mayManage = useMayCall('ev/charger/add') && chargers.data?.role === 'owner';
  const [adding, setAdding] = useState(false);
  const [removing, setRemoving] = useState<OcppChargerView | null>(null);
  const [rotating, setRotating] = useState<OcppChargerView | null>(null);
  const [issued, setIssued] = useState<{ charger: OcppChargerView; login: ChargerLogin } | null>(null);

  const confirmRemove = () => {
    if (!removing) return;
    remove.mutate(removing, {
      onSuccess: () => {
        showToast({ intent: 'success', icon: 'trash', message: t('chargers.removed', { name: removing.name }) });
        setRemoving(null);
      },
    });
  };
  const confirmRotate = () => {
    if (!rotating) return;
    rotate.mutate(rotating, {
      onSuccess: (login) => {
        setIssued({ charger: rotating, login });
        setRotating(null);
        showToast({ intent: 'success', icon: 'key', message: t('chargers.rotated', { name: rotating.name }) });
      },
    });
  };

  let body: ReactNode;
  if (chargers.isPending) body = <Spinner />;
  else if (chargers.isError)
    body = <ErrorPanel title={t('chargers.loadFailed')} description={apiErrorText(chargers.error)} onRetry={() => chargers.refetch()} />;
  else if (chargers.data.chargers.length === 0) {
    body = (
      <div data-testid="chargers-empty">
        <NonIdealState icon="flash" title={t('chargers.emptyTitle')} description={t('chargers.emptyDescription')} />
      </div>
    );
  } else {
    body = (
      <HTMLTable className="helio-management-table" striped compact data-testid="chargers-table">
        <thead>
          <tr>
            <th>{t('chargers.fields.name')}</th>
            <th>{t('chargers.fields.chargePointId')}</th>
            <th>{t('chargers.fields.state')}</th>
            <th>{t('devices.fields.maker')}</th>
            <th>{t('devices.fields.model')}</th>
            <th>{t('devices.fields.firmware')}</th>
            <th>{t('chargers.fields.lastHeartbeat')}</th>
            <th>{t('chargers.fields.connectors')}</th>
            {mayManage && <th>{t('chargers.fields.actions')}</th>}
          </tr>
        </thead>
        <tbody>
          {chargers.data.chargers.map((charger) => {
            const state = chargerState(charger);
            return (
              <tr key={charger.chargerId} data-testid="charger-row" data-charge-point-id={charger.chargePointId}>
                <td>{charger.name}</td>
                <td className="helio-management-mono">{charger.chargePointId}</td>
                <td>
                  <Tag minimal intent={STATE_INTENT[state]} data-testid="charger-state" data-state={state}>
                    {t(`chargers.states.${state}`)}
                  </Tag>
                </td>
                <td data-testid="charger-vendor">{charger.vendor ?? '—'}</td>
                <td data-testid="charger-model">{charger.model ?? '—'}</td>
                <td data-testid="charger-firmware">{charger.firmware ?? '—'}</td>
                <td>{when(charger.lastHeartbeatAt)}</td>
                <td data-testid="charger-connectors">
                  {charger.connectors.length === 0
                    ? '—'
                    : charger.connectors.map((c) => (
                        <Tag
                          key={c.connectorId}
                          minimal
                          intent={connectorIntent(c.status)}
                          title={c.status === 'Faulted' ? `${c.errorCode}${c.info ? `: ${c.info}` : ''}` : undefined}
                          className="helio-management-connector"
                          data-testid="charger-connector"
                          data-status={c.status}
                        >
                          {t('chargers.connector', { id: c.connectorId, status: t(`chargers.connectorStatuses.${c.status}`) })}
                          {c.status === 'Faulted' && ` (${c.errorCode})`}
                        </Tag>
                      ))}
                </td>
                {mayManage && (
                  <td className="helio-management-row-actions">
                    <Button
                      minimal
                      icon="key"
                      aria-label={t('chargers.rotate', { name: charger.name })}
                      title={t('chargers.rotate', { name: charger.name })}
                      onClick={() => setRotating(charger)}
                      data-testid="charger-rotate"
                    />
                    <Button
                      minimal
                      icon="trash"
                      intent="danger"
                      aria-label={t('chargers.remove', { name: charger.name })}
                      title={t('chargers.remove', { name: charger.name })}
                      onClick={() => setRemoving(charger)}
                      data-testid="charger-remove"
                    />
                  </td>
                )}
              </tr>
            );
          })}
        </tbody>
      </HTMLTable>
    );
  }

  return (
    <Card className="helio-management-section" data-testid="plant-chargers">
      <div className="helio-management-section-header">
        <H4>{t('chargers.title')}</H4>
        {mayManage && <Button icon="add" text={t('chargers.addButton')} onClick={() => setAdding(true)} data-testid="charger-add" />}
      </div>
      {body}
      {adding && <AddChargerDialog plantId={plant.id} onClose={() => setAdding(false)} />}
      <Alert
        isOpen={removing !== null}
        icon="trash"
        intent="danger"
        cancelButtonText={t('devices.cancel')}
        confirmButtonText={t('devices.removeConfirm')}
        loading={remove.isPending}
        onConfirm={confirmRemove}
        onCancel={() => {
          remove.reset();
          setRemoving(null);
        }}
      >
        <p data-testid="charger-remove-question">{t('chargers.removeQuestion', { name: removing?.name ?? '' })}</p>
        {remove.isError && <Callout intent="danger">{apiErrorText(remove.error)}</Callout>}
      </Alert>
      <Alert
        isOpen={rotating !== null}
        icon="key"
        intent="warning"
        cancelButtonText={t('devices.cancel')}
        confirmButtonText={t('gatewayPassword.confirm')}
        loading={rotate.isPending}
        onConfirm={confirmRotate}
        onCancel={() => {
          rotate.reset();
          setRotating(null);
        }}
      >
        <p data-testid="charger-rotate-question">{t('chargers.rotateQuestion', { name: rotating?.name ?? '' })}</p>
        {rotate.isError && <Callout intent="danger">{apiErrorText(rotate.error)}</Callout>}
      </Alert>
      {issued && (
        <Dialog
          isOpen
          title={t('chargers.rotatedTitle', { name: issued.charger.name })}
          icon="key"
          onClose={() => setIssued(null)}
          canOutsideClickClose={false}
        >
          <DialogBody>
            <ChargerLoginView chargePointId={issued.charger.chargePointId} login={issued.login} />
          </DialogBody>
          <DialogFooter
            actions={<Button intent="primary" text={t('newPlant.done')} onClick={() => setIssued(null)} data-testid="charger-login-done" />}
          />
        </Dialog>
      )}
    </Card>
  );
}
