// The devices tab: the plant's inverters, batteries, chargers and meters. Someone who may manage plants
// adds, edits and removes them (removing asks first); an inverter opens its own page.
import { useState, type ReactNode } from 'react';
import { Alert, Button, Callout, HTMLTable, NonIdealState, Spinner, Tag } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { apiErrorText, ErrorPanel, formatNumber, showToast, useMayCall, type Device, type PlantDetail } from '@helio/shared-utils';
import { DeviceDialog } from './device-dialog.component';
import { useDeleteDevice, useDevices } from './devices.resource';

const amount = (value: number | null, unit: string) =>
  value === null ? '—' : `${formatNumber(value, { maximumFractionDigits: 2 })}\u00a0${unit}`;

export function PlantDevices({ plant }: { plant: PlantDetail }) {
  const { t } = useTranslation('management-app');
  const devices = useDevices(plant.id);
  const remove = useDeleteDevice();
  const mayManage = useMayCall('device/create');
  const [editing, setEditing] = useState<Device | 'new' | null>(null);
  const [removing, setRemoving] = useState<Device | null>(null);

  const confirmRemove = () => {
    if (!removing) return;
    remove.mutate(removing, {
      onSuccess: () => {
        showToast({ intent: 'success', icon: 'trash', message: t('devices.removed', { name: removing.name }) });
        setRemoving(null);
      },
    });
  };

  let body: ReactNode;
  if (devices.isPending) body = <Spinner />;
  else if (devices.isError)
    body = <ErrorPanel title={t('devices.loadFailed')} description={apiErrorText(devices.error)} onRetry={() => devices.refetch()} />;
  else if (devices.data.length === 0) {
    body = (
      <div data-testid="devices-empty">
        <NonIdealState icon="cube" title={t('devices.emptyTitle')} description={t('devices.emptyDescription')} />
      </div>
    );
  } else {
    body = (
      <HTMLTable className="helio-management-table" striped compact data-testid="devices-table">
        <thead>
          <tr>
            <th>{t('devices.fields.kind')}</th>
            <th>{t('devices.fields.name')}</th>
            <th>{t('devices.fields.maker')}</th>
            <th>{t('devices.fields.model')}</th>
            <th>{t('devices.fields.serial')}</th>
            <th>{t('devices.fields.firmware')}</th>
            <th className="helio-management-number">{t('devices.fields.ratedPowerKw')}</th>
            <th className="helio-management-number">{t('devices.fields.capacityKwh')}</th>
            {mayManage && <th />}
          </tr>
        </thead>
        <tbody>
          {devices.data.map((device) => (
            <tr key={device.id} data-testid="device-row" data-kind={device.kind}>
              <td>
                <Tag minimal>{t(`devices.kinds.${device.kind}`)}</Tag>
              </td>
              <td>{device.kind === 'inverter' ? <Link to={`/management/inverters/${device.id}`}>{device.name}</Link> : device.name}</td>
              <td>{device.maker || '—'}</td>
              <td>{device.model || '—'}</td>
              <td>{device.serial || '—'}</td>
              <td>{device.firmware || '—'}</td>
              <td className="helio-management-number">{amount(device.ratedPowerKw, 'kW')}</td>
              <td className="helio-management-number">{amount(device.capacityKwh, 'kWh')}</td>
              {mayManage && (
                <td className="helio-management-row-actions">
                  <Button
                    minimal
                    icon="edit"
                    aria-label={t('devices.edit', { name: device.name })}
                    title={t('devices.edit', { name: device.name })}
                    onClick={() => setEditing(device)}
                    data-testid="device-edit"
                  />
                  <Button
                    minimal
                    icon="trash"
                    intent="danger"
                    aria-label={t('devices.remove', { name: device.name })}
                    title={t('devices.remove', { name: device.name })}
                    onClick={() => setRemoving(device)}
                    data-testid="device-remove"
                  />
                </td>
              )}
            </tr>
          ))}
        </tbody>
      </HTMLTable>
    );
  }

  return (
    <div className="helio-management-settings" data-testid="plant-devices">
      {mayManage && (
        <div className="helio-management-actions">
          <Button icon="add" intent="primary" text={t('devices.addButton')} onClick={() => setEditing('new')} data-testid="device-add" />
        </div>
      )}
      {body}
      {editing && <DeviceDialog plantId={plant.id} device={editing === 'new' ? undefined : editing} onClose={() => setEditing(null)} />}
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
        <p data-testid="device-remove-question">{t('devices.removeQuestion', { name: removing?.name ?? '' })}</p>
        {remove.isError && <Callout intent="danger">{apiErrorText(remove.error)}</Callout>}
      </Alert>
    </div>
  );
}
