// The active plant's vehicles on /ev (evcc's vehicles): name, battery, charge limit and SoC (the
// charger's while the car on it sends one, else entered by hand). An operator of the plant adds one
// (the form judges it by vehicleProblems, the server's rule too), changes the SoC entered by hand in
// its row, and removes one (asked first).
import React, { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert, Button, Callout, Card, FormGroup, H4, HTMLTable, InputGroup } from '@blueprintjs/core';
import { VEHICLE_CAPACITY_MAX_KWH, VEHICLE_CHARGE_LIMIT_MIN_PCT, VEHICLE_NAME_MAX, vehicleProblems } from '@helio/contracts/limits';
import type { VehicleView } from '@helio/contracts';
import { apiErrorText, formatNumber, showToast, useMayCall } from '@helio/shared-utils';
import { parseDecimal, useAddVehicle, useRemoveVehicle, useUpdateVehicle, useVehicles } from './vehicles.resource';

const FIELD_LABELS = {
  name: 'vehicles.name',
  capacityKwh: 'vehicles.capacity',
  chargeLimitPct: 'vehicles.chargeLimit',
  socPct: 'vehicles.soc',
};

function AddVehicle({ plantId }: { plantId: string }) {
  const { t } = useTranslation('ev-app');
  const add = useAddVehicle(plantId);
  const [draft, setDraft] = useState({ name: '', capacity: '', limit: '80', soc: '' });
  const [tried, setTried] = useState(false);
  const fields = {
    name: draft.name,
    capacityKwh: parseDecimal(draft.capacity),
    chargeLimitPct: parseDecimal(draft.limit),
    socPct: draft.soc.trim() === '' ? null : parseDecimal(draft.soc),
  };
  const problems = vehicleProblems(fields);
  const problemText = (field: keyof typeof problems) =>
    tried && problems[field]
      ? t(`vehicles.problems.${problems[field]}`, { max: VEHICLE_CAPACITY_MAX_KWH, min: VEHICLE_CHARGE_LIMIT_MIN_PCT })
      : undefined;
  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    setTried(true);
    if (Object.keys(problems).length > 0) return;
    add.mutate(
      { plantId, ...fields, name: fields.name.trim() },
      {
        onSuccess: (added) => {
          setDraft({ name: '', capacity: '', limit: '80', soc: '' });
          setTried(false);
          showToast({ intent: 'success', message: t('vehicles.added', { name: added.name }) });
        },
      },
    );
  };
  const input = (
    key: keyof typeof draft,
    field: keyof typeof problems,
    label: string,
    extra: { maxLength?: number; inputMode?: 'decimal' },
  ) => (
    <FormGroup
      label={label}
      labelFor={`vehicle-new-${key}`}
      intent={problemText(field) ? 'danger' : 'none'}
      helperText={problemText(field)}
    >
      <InputGroup
        id={`vehicle-new-${key}`}
        value={draft[key]}
        autoComplete="off"
        intent={problemText(field) ? 'danger' : 'none'}
        onChange={(e) => setDraft({ ...draft, [key]: e.target.value })}
        data-testid={`vehicle-new-${key}`}
        {...extra}
      />
    </FormGroup>
  );
  return (
    <form className="helio-ev__settings" onSubmit={submit} aria-label={t('vehicles.addTitle')} data-testid="vehicle-form">
      {input('name', 'name', t('vehicles.name'), { maxLength: VEHICLE_NAME_MAX })}
      {input('capacity', 'capacityKwh', t('vehicles.capacityKwh'), { inputMode: 'decimal' })}
      {input('limit', 'chargeLimitPct', t('vehicles.chargeLimitPct'), { inputMode: 'decimal' })}
      {input('soc', 'socPct', t('vehicles.socPctOptional'), { inputMode: 'decimal' })}
      <FormGroup>
        <Button type="submit" icon="add" text={t('vehicles.add')} loading={add.isPending} data-testid="vehicle-add" />
      </FormGroup>
      {add.isError && (
        <Callout intent="danger" data-testid="vehicle-error">
          {apiErrorText(add.error, Object.fromEntries(Object.entries(FIELD_LABELS).map(([k, v]) => [k, t(v)])))}
        </Callout>
      )}
    </form>
  );
}

/** The SoC entered by hand, changed in its row (the charger's, while it sends one, still goes first). */
function ManualSoc({ vehicle, plantId }: { vehicle: VehicleView; plantId: string }) {
  const { t } = useTranslation('ev-app');
  const update = useUpdateVehicle(plantId);
  const [text, setText] = useState(vehicle.manualSocPct === null ? '' : formatNumber(vehicle.manualSocPct, { useGrouping: false }));
  const socPct = text.trim() === '' ? null : parseDecimal(text);
  const problem = vehicleProblems({
    name: vehicle.name,
    capacityKwh: vehicle.capacityKwh,
    chargeLimitPct: vehicle.chargeLimitPct,
    socPct,
  }).socPct;
  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    if (problem || socPct === vehicle.manualSocPct) return;
    update.mutate(
      {
        plantId,
        vehicleId: vehicle.vehicleId,
        name: vehicle.name,
        capacityKwh: vehicle.capacityKwh,
        chargeLimitPct: vehicle.chargeLimitPct,
        socPct,
      },
      {
        onSuccess: () => showToast({ intent: 'success', message: t('vehicles.socSaved', { name: vehicle.name }) }),
        onError: (error) => showToast({ intent: 'danger', message: apiErrorText(error, { socPct: t('vehicles.soc') }) }),
      },
    );
  };
  return (
    <form className="helio-ev__inline" onSubmit={submit} data-testid="vehicle-soc-form">
      <InputGroup
        small
        value={text}
        inputMode="decimal"
        aria-label={t('vehicles.manualSocLabel', { name: vehicle.name })}
        intent={problem ? 'danger' : 'none'}
        rightElement={<span className="helio-ev__unit">%</span>}
        onChange={(e) => setText(e.target.value)}
        data-testid="vehicle-manual-soc"
      />
      <Button
        small
        type="submit"
        text={t('planning.save')}
        disabled={Boolean(problem) || socPct === vehicle.manualSocPct}
        loading={update.isPending}
      />
    </form>
  );
}

export function VehiclesCard({ plantId }: { plantId: string }) {
  const { t } = useTranslation('ev-app');
  const vehicles = useVehicles(plantId);
  const mayChange = useMayCall('ev/vehicle/add') && vehicles.data !== undefined && vehicles.data.role !== 'viewer';
  const remove = useRemoveVehicle(plantId);
  const [removing, setRemoving] = useState<VehicleView | null>(null);
  const rows = vehicles.data?.vehicles ?? [];
  const pct = (v: number) => `${formatNumber(v, { maximumFractionDigits: 0 })}\u00a0%`;
  return (
    <Card className="helio-ev__section" data-testid="vehicles">
      <H4>{t('vehicles.title')}</H4>
      {vehicles.isError && <Callout intent="danger">{apiErrorText(vehicles.error)}</Callout>}
      {vehicles.data && rows.length === 0 && <p className="helio-ev__note">{t('vehicles.none')}</p>}
      {rows.length > 0 && (
        <HTMLTable compact striped className="helio-ev__table">
          <thead>
            <tr>
              <th>{t('vehicles.name')}</th>
              <th>{t('vehicles.capacity')}</th>
              <th>{t('vehicles.chargeLimit')}</th>
              <th>{t('vehicles.soc')}</th>
              {mayChange && <th>{t('vehicles.manualSoc')}</th>}
              {mayChange && <th>{t('vehicles.actions')}</th>}
            </tr>
          </thead>
          <tbody>
            {rows.map((v) => (
              <tr key={v.vehicleId} data-testid="vehicle-row" data-vehicle={v.name}>
                <td>{v.name}</td>
                <td data-testid="vehicle-capacity">{`${formatNumber(v.capacityKwh, { maximumFractionDigits: 1 })}\u00a0kWh`}</td>
                <td data-testid="vehicle-limit">{pct(v.chargeLimitPct)}</td>
                <td data-testid="vehicle-soc">
                  {v.socPct === null ? '–' : `${pct(v.socPct)} (${t(`vehicles.socSource.${v.socSource}`)})`}
                </td>
                {mayChange && (
                  <td>
                    <ManualSoc key={String(v.manualSocPct)} vehicle={v} plantId={plantId} />
                  </td>
                )}
                {mayChange && (
                  <td>
                    <Button
                      small
                      minimal
                      icon="trash"
                      intent="danger"
                      aria-label={t('vehicles.removeLabel', { name: v.name })}
                      onClick={() => setRemoving(v)}
                      data-testid="vehicle-remove"
                    />
                  </td>
                )}
              </tr>
            ))}
          </tbody>
        </HTMLTable>
      )}
      {mayChange && <AddVehicle plantId={plantId} />}
      <Alert
        isOpen={removing !== null}
        intent="danger"
        icon="trash"
        confirmButtonText={t('vehicles.remove')}
        cancelButtonText={t('vehicles.cancel')}
        onCancel={() => setRemoving(null)}
        onConfirm={() => {
          if (removing)
            remove.mutate(
              { plantId, vehicleId: removing.vehicleId },
              { onError: (error) => showToast({ intent: 'danger', message: apiErrorText(error) }) },
            );
          setRemoving(null);
        }}
      >
        <p data-testid="vehicle-remove-question">{t('vehicles.removeQuestion', { name: removing?.name ?? '' })}</p>
      </Alert>
    </Card>
  );
}
