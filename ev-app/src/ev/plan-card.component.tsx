// A charge plan for one charger: target energy or SoC by a departure; shows the planned slots on the
// price and surplus chart, the expected finish and cost, says plainly when the target cannot be
// reached, and lets an operator hand the plan to the charger (plan mode with these slots,
// ev/charger/plan/apply). The plan is computed for the charger (ev/charger/plan), OCPP or a gateway's.
import React, { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, Callout, Card, FormGroup, H4, HTMLSelect, InputGroup } from '@blueprintjs/core';
import { EV_PLAN_MAX_HOURS, type EvPlan, type OcppChargerView } from '@helio/contracts';
import { apiErrorText, formatDateTime, formatMoney, formatNumber, showToast, type ApiError } from '@helio/shared-utils';
import { planColumns, planSlotsValue } from './ev-data';
import { usePlan } from './ev.resource';
import { useApplyPlan } from './ocpp-control.resource';
import { PlanChart } from './plan-chart.component';

/** A datetime-local value (the browser's clock) some hours from now. */
function localInputValue(ms: number): string {
  const d = new Date(ms - new Date(ms).getTimezoneOffset() * 60_000);
  return d.toISOString().slice(0, 16);
}

function PlanResult({ plan, timeZone }: { plan: EvPlan; timeZone: string }) {
  const { t } = useTranslation('ev-app');
  const columns = useMemo(() => planColumns(plan), [plan]);
  const labels = useMemo(
    () => ({
      time: t('plan.chart.time'),
      price: t('plan.chart.price'),
      surplus: t('plan.chart.surplus'),
      planned: t('plan.chart.planned'),
      aria: t('plan.chart.aria'),
    }),
    [t],
  );
  const time = (iso: string) => formatDateTime(Date.parse(iso), { weekday: 'short', hour: '2-digit', minute: '2-digit', timeZone });
  const kwh = (v: number) => `${formatNumber(v, { maximumFractionDigits: 2 })}\u00a0kWh`;
  return (
    <div data-testid="plan-result">
      {plan.reachable ? (
        <Callout intent="success" data-testid="plan-reachable">
          {t('plan.reachable', { finish: plan.expectedFinish ? time(plan.expectedFinish) : '–', energy: kwh(plan.neededKwh) })}
        </Callout>
      ) : (
        <Callout intent="warning" title={t('plan.unreachableTitle')} data-testid="plan-unreachable">
          {t('plan.unreachable', { shortfall: kwh(plan.shortfallKwh), planned: kwh(plan.plannedKwh) })}
        </Callout>
      )}
      <p className="helio-ev__note" data-testid="plan-summary">
        {t('plan.summary', {
          cost: plan.expectedCostCzk === null ? t('plan.costUnknown') : formatMoney(plan.expectedCostCzk, 'CZK'),
          solar: kwh(plan.solarKwh),
          power: `${formatNumber(plan.chargerW / 1000, { maximumFractionDigits: 1 })}\u00a0kW`,
        })}
        {plan.forecastIssuedAt === null && ` ${t('plan.noForecast')}`}
      </p>
      <PlanChart columns={columns} labels={labels} timeZone={timeZone} />
      <ul className="helio-ev__slots" aria-label={t('plan.slots')} data-testid="plan-slots">
        {plan.slots.map((slot) => (
          <li key={slot.start}>
            {time(slot.start)} – {time(slot.end)}: {kwh(slot.energyKwh)}
          </li>
        ))}
      </ul>
    </div>
  );
}

export function PlanCard({
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
  const [kind, setKind] = useState<'kwh' | 'soc'>('kwh');
  const [target, setTarget] = useState('20');
  const [departure, setDeparture] = useState(() => localInputValue(Date.now() + 12 * 3_600_000));
  const plan = usePlan();
  const applyPlan = useApplyPlan(plantId);
  const error = plan.error as ApiError | null;

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    const value = Number(target);
    const when = new Date(departure);
    plan.mutate({
      chargerId: charger.chargerId,
      departure: Number.isNaN(when.getTime()) ? departure : when.toISOString(),
      ...(kind === 'kwh' ? { targetKwh: value } : { targetSocPct: value }),
    });
  };
  const apply = (result: EvPlan) =>
    applyPlan.mutate(
      { chargerId: charger.chargerId, slots: planSlotsValue(result) },
      {
        onSuccess: () => showToast({ intent: 'success', message: t('plan.applied') }),
        onError: (e) => showToast({ intent: 'danger', message: apiErrorText(e) }),
      },
    );
  return (
    <Card className="helio-ev__section" data-testid="plan-card">
      <H4>{t('plan.title', { name: charger.name })}</H4>
      <form className="helio-ev__plan-form" onSubmit={submit}>
        <FormGroup label={t('plan.targetKind')} labelFor={`plan-kind-${charger.chargerId}`}>
          <HTMLSelect
            id={`plan-kind-${charger.chargerId}`}
            value={kind}
            onChange={(e) => setKind(e.currentTarget.value as 'kwh' | 'soc')}
            options={[
              { value: 'kwh', label: t('plan.kwh') },
              { value: 'soc', label: t('plan.soc') },
            ]}
          />
        </FormGroup>
        <FormGroup label={kind === 'kwh' ? t('plan.targetKwh') : t('plan.targetSoc')} labelFor={`plan-target-${charger.chargerId}`}>
          <InputGroup
            id={`plan-target-${charger.chargerId}`}
            type="number"
            min={1}
            value={target}
            onChange={(e) => setTarget(e.currentTarget.value)}
            data-testid="plan-target"
          />
        </FormGroup>
        <FormGroup label={t('plan.departure', { hours: EV_PLAN_MAX_HOURS })} labelFor={`plan-departure-${charger.chargerId}`}>
          <InputGroup
            id={`plan-departure-${charger.chargerId}`}
            type="datetime-local"
            value={departure}
            onChange={(e) => setDeparture(e.currentTarget.value)}
            data-testid="plan-departure"
          />
        </FormGroup>
        <Button type="submit" intent="primary" text={t('plan.compute')} loading={plan.isPending} data-testid="plan-compute" />
        {plan.data && canControl && (
          <Button text={t('plan.apply')} onClick={() => apply(plan.data)} loading={applyPlan.isPending} data-testid="plan-apply" />
        )}
      </form>
      {error && (
        <Callout intent="danger" data-testid="plan-error">
          {apiErrorText(error, {
            targetKwh: t('plan.targetKwh'),
            targetSocPct: t('plan.targetSoc'),
            departure: t('plan.departure', { hours: EV_PLAN_MAX_HOURS }),
          })}
        </Callout>
      )}
      {plan.data && <PlanResult plan={plan.data} timeZone={timeZone} />}
    </Card>
  );
}
