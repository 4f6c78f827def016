// A charger's vehicle, its "charge only below" price and its weekly plan, on its card. The price
// limit is an OCPP charger's (the charging controller judges it; a gateway's charger knows no
// prices; so is the weekly plan, which the controller runs): above it the grid does not charge the car, PV surplus still does; the card says what the
// price is now and whether the grid charges. A weekly plan repeats on the chosen weekdays at a
// departure time of the plant's day; the card shows its next departure.
import React, { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, Checkbox, FormGroup, HTMLSelect, InputGroup, Tag } from '@blueprintjs/core';
import { DEPARTURE_TIME_PATTERN_SOURCE, EV_PRICE_LIMIT_MAX_CZK, EV_PRICE_LIMIT_MIN_CZK, WEEKDAYS } from '@helio/contracts/limits';
import type { OcppChargerView } from '@helio/contracts';
import { apiErrorText, formatDateTime, formatNumber, formatPricePerKwh, priceUnit, showToast } from '@helio/shared-utils';
import { parseDecimal, useAssignVehicle, usePriceLimit, useVehicles, useWeeklyPlan } from './vehicles.resource';

const TIME_PATTERN = new RegExp(DEPARTURE_TIME_PATTERN_SOURCE);
// The controller judges prices in CZK (a tariff in EUR is converted at the spot rate), so the card writes CZK.
const czk = (v: number) => formatPricePerKwh(v, 'CZK');

function VehicleChoice({ charger, plantId, canControl }: { charger: OcppChargerView; plantId: string; canControl: boolean }) {
  const { t } = useTranslation('ev-app');
  const vehicles = useVehicles(plantId);
  const assign = useAssignVehicle(plantId);
  const value = assign.isPending && assign.variables ? assign.variables.vehicleId : charger.vehicleId;
  return (
    <FormGroup label={t('planning.vehicle')} labelFor={`vehicle-${charger.chargerId}`}>
      <HTMLSelect
        id={`vehicle-${charger.chargerId}`}
        value={value ?? ''}
        disabled={!canControl || assign.isPending}
        onChange={(e) =>
          assign.mutate(
            { chargerId: charger.chargerId, vehicleId: e.currentTarget.value === '' ? null : e.currentTarget.value },
            { onError: (error) => showToast({ intent: 'danger', message: apiErrorText(error) }) },
          )
        }
        options={[
          { value: '', label: t('planning.noVehicle') },
          ...(vehicles.data?.vehicles ?? []).map((v) => ({ value: v.vehicleId, label: v.name })),
        ]}
        data-testid="charger-vehicle"
      />
    </FormGroup>
  );
}

function PriceLimit({ charger, plantId, canControl }: { charger: OcppChargerView; plantId: string; canControl: boolean }) {
  const { t } = useTranslation('ev-app');
  const save = usePriceLimit(plantId);
  const [text, setText] = useState(
    charger.priceLimitCzkKwh === null ? '' : formatNumber(charger.priceLimitCzkKwh, { maximumFractionDigits: 3, useGrouping: false }),
  );
  const value = text.trim() === '' ? null : parseDecimal(text);
  const bad = value !== null && !(value >= EV_PRICE_LIMIT_MIN_CZK && value <= EV_PRICE_LIMIT_MAX_CZK);
  const limit = charger.priceLimitCzkKwh;
  const price = charger.priceNowCzkKwh;
  return (
    <FormGroup
      label={t('planning.priceLimit')}
      labelFor={`price-limit-${charger.chargerId}`}
      intent={bad ? 'danger' : 'none'}
      helperText={
        bad
          ? t('planning.priceLimitRange', { min: EV_PRICE_LIMIT_MIN_CZK, max: EV_PRICE_LIMIT_MAX_CZK, unit: priceUnit('CZK') })
          : t('planning.priceLimitHelp')
      }
    >
      <div className="helio-ev__inline">
        <InputGroup
          id={`price-limit-${charger.chargerId}`}
          value={text}
          inputMode="decimal"
          disabled={!canControl}
          intent={bad ? 'danger' : 'none'}
          placeholder={t('planning.noLimit')}
          rightElement={<Tag minimal>{priceUnit('CZK')}</Tag>}
          onChange={(e) => setText(e.target.value)}
          data-testid="charger-price-limit"
        />
        {canControl && (
          <Button
            text={t('planning.save')}
            disabled={bad || value === limit}
            loading={save.isPending}
            onClick={() =>
              save.mutate(
                { chargerId: charger.chargerId, priceLimitCzkKwh: value },
                {
                  onSuccess: () => showToast({ intent: 'success', message: t('planning.priceLimitSaved') }),
                  onError: (error) =>
                    showToast({ intent: 'danger', message: apiErrorText(error, { priceLimitCzkKwh: t('planning.priceLimit') }) }),
                },
              )
            }
            data-testid="charger-price-limit-save"
          />
        )}
      </div>
      {limit !== null && (
        <p className="helio-ev__note" data-testid="charger-price-state">
          {price === null
            ? t('planning.priceUnknown', { limit: czk(limit) })
            : price <= limit
              ? t('planning.priceBelow', { price: czk(price), limit: czk(limit) })
              : t('planning.priceAbove', { price: czk(price), limit: czk(limit) })}
        </p>
      )}
    </FormGroup>
  );
}

function WeeklyPlanForm({
  charger,
  plantId,
  timeZone,
  canControl,
}: {
  charger: OcppChargerView;
  plantId: string;
  timeZone: string;
  canControl: boolean;
}) {
  const { t } = useTranslation('ev-app');
  const save = useWeeklyPlan(plantId);
  const plan = charger.weeklyPlan;
  const [days, setDays] = useState<number[]>(plan ? [...plan.weekdays] : [1, 2, 3, 4, 5]);
  const [time, setTime] = useState(plan?.time ?? '07:00');
  const [target, setTarget] = useState(String(plan?.targetSocPct ?? 80));
  const soc = parseDecimal(target);
  const badSoc = !(Number.isInteger(soc) && soc >= 1 && soc <= 100);
  const badTime = !TIME_PATTERN.test(time);
  const send = (weeklyPlan: { weekdays: number[]; time: string; targetSocPct: number } | null) =>
    save.mutate(
      { chargerId: charger.chargerId, weeklyPlan },
      {
        onSuccess: (saved) =>
          showToast({ intent: 'success', message: t(saved.weeklyPlan ? 'planning.weeklySaved' : 'planning.weeklyRemoved') }),
        onError: (error) => showToast({ intent: 'danger', message: apiErrorText(error, { targetSocPct: t('planning.weeklyTarget') }) }),
      },
    );
  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    if (days.length === 0 || badSoc || badTime) return;
    send({ weekdays: days, time, targetSocPct: soc });
  };
  return (
    <form className="helio-ev__weekly" onSubmit={submit} aria-label={t('planning.weekly')} data-testid="weekly-plan">
      <fieldset className="helio-ev__weekdays" disabled={!canControl}>
        <legend>{t('planning.weekly')}</legend>
        {WEEKDAYS.map((day) => (
          <Checkbox
            key={day}
            inline
            label={t(`planning.weekdays.d${day}`)}
            checked={days.includes(day)}
            onChange={(e) => setDays(e.currentTarget.checked ? [...days, day].sort() : days.filter((d) => d !== day))}
            data-testid={`weekly-day-${day}`}
          />
        ))}
      </fieldset>
      <div className="helio-ev__inline">
        <FormGroup label={t('planning.weeklyTime')} labelFor={`weekly-time-${charger.chargerId}`} intent={badTime ? 'danger' : 'none'}>
          <InputGroup
            id={`weekly-time-${charger.chargerId}`}
            type="time"
            value={time}
            disabled={!canControl}
            onChange={(e) => setTime(e.target.value)}
            data-testid="weekly-time"
          />
        </FormGroup>
        <FormGroup
          label={t('planning.weeklyTarget')}
          labelFor={`weekly-target-${charger.chargerId}`}
          intent={badSoc ? 'danger' : 'none'}
          helperText={badSoc ? t('planning.weeklyTargetRange') : undefined}
        >
          <InputGroup
            id={`weekly-target-${charger.chargerId}`}
            value={target}
            inputMode="numeric"
            disabled={!canControl}
            rightElement={<Tag minimal>%</Tag>}
            onChange={(e) => setTarget(e.target.value)}
            data-testid="weekly-target"
          />
        </FormGroup>
      </div>
      {days.length === 0 && <p className="helio-ev__note">{t('planning.weeklyNoDay')}</p>}
      {canControl && (
        <div className="helio-ev__inline">
          <Button
            type="submit"
            text={t('planning.weeklySave')}
            disabled={days.length === 0 || badSoc || badTime}
            loading={save.isPending}
            data-testid="weekly-save"
          />
          {plan && <Button text={t('planning.weeklyRemove')} onClick={() => send(null)} data-testid="weekly-remove" />}
        </div>
      )}
      <p className="helio-ev__note" data-testid="weekly-next">
        {charger.nextDeparture === null
          ? t('planning.weeklyNone')
          : t('planning.weeklyNext', {
              when: formatDateTime(Date.parse(charger.nextDeparture), {
                weekday: 'long',
                day: 'numeric',
                month: 'numeric',
                hour: '2-digit',
                minute: '2-digit',
                timeZone,
              }),
              soc: plan?.targetSocPct ?? 0,
            })}
      </p>
    </form>
  );
}

export function ChargerPlanning({
  charger,
  plantId,
  timeZone,
  canControl,
}: {
  charger: OcppChargerView;
  plantId: string;
  timeZone: string;
  canControl: boolean;
}) {
  return (
    <div className="helio-ev__planning" data-testid="charger-planning">
      <VehicleChoice charger={charger} plantId={plantId} canControl={canControl} />
      {charger.driver === 'ocpp' && (
        <PriceLimit key={`price-${charger.priceLimitCzkKwh}`} charger={charger} plantId={plantId} canControl={canControl} />
      )}
      {charger.driver === 'ocpp' && (
        <WeeklyPlanForm
          key={`weekly-${JSON.stringify(charger.weeklyPlan)}`}
          charger={charger}
          plantId={plantId}
          timeZone={timeZone}
          canControl={canControl}
        />
      )}
    </div>
  );
}
