// One charger of the active plant, live from the plant's shadow: connected, power, phases, current,
// session energy, the solar share now; and its settings (mode, currents, phases) for operators.
import React from 'react';
import { useTranslation } from 'react-i18next';
import { Card, FormGroup, H4, HTMLSelect, Tag } from '@blueprintjs/core';
import { CHARGER_KEYS, EV_MODES, EV_PHASES, EV_CURRENT_MIN_A, type ChargerView } from '@helio/contracts';
import { currentChoices, ratedCurrentA } from '@helio/contracts/limits';
import { apiErrorText, formatNumber, showToast, useShadow } from '@helio/shared-utils';
import { useSetDesired } from './ev.resource';

const num = (value: unknown): number | null => (typeof value === 'number' ? value : null);

/** Share of the charging power not taken from the grid now, %; null while not charging. */
export function solarShareNow(reported: Record<string, unknown>): number | null {
  const power = num(reported[CHARGER_KEYS.power]) ?? 0;
  const grid = num(reported.ActPwrGrid);
  if (power <= 0 || grid === null) return null;
  return Math.round(Math.max(0, Math.min(1, 1 - Math.max(0, grid) / power)) * 100);
}

function Figure({ label, value, testId }: { label: string; value: string; testId: string }) {
  return (
    <div className="helio-ev__figure">
      <div className="helio-ev__figure-label">{label}</div>
      <div className="helio-ev__figure-value" data-testid={testId}>
        {value}
      </div>
    </div>
  );
}

export function ChargerCard({ charger, canControl }: { charger: ChargerView; canControl: boolean }) {
  const { t } = useTranslation('ev-app');
  const shadow = useShadow(charger.thingName);
  const setDesired = useSetDesired(charger.thingName);
  const reported = shadow.data?.state.reported ?? {};
  const desired = shadow.data?.state.desired ?? {};
  const c = CHARGER_KEYS;
  const connected = reported[c.connected] === true;
  const powerW = num(reported[c.power]) ?? 0;
  const share = solarShareNow(reported);
  // The shadow keeps the last car's SoC after it leaves: show it only while a car is plugged in.
  const carSoc = connected ? num(reported[c.carSoc]) : null;
  // What the user asked for shows at once; the report confirms it.
  const setting = (key: string) => desired[key] ?? reported[key];
  const write = (key: string, value: unknown) =>
    setDesired.mutate({ key, value }, { onError: (error) => showToast({ intent: 'danger', message: apiErrorText(error) }) });
  // The selects offer only what the charger's rating allows, and never a minimum above the maximum.
  const ratedA = ratedCurrentA(charger.ratedPowerKw);
  const minA = Math.min(num(setting(c.minCurrent)) ?? EV_CURRENT_MIN_A, ratedA);
  const maxA = Math.min(num(setting(c.maxCurrent)) ?? ratedA, ratedA);
  const choices = currentChoices(ratedA, minA, maxA);
  const amps = (list: number[]) => list.map((a) => ({ value: String(a), label: `${a} A` }));
  const kw = (watts: number) => `${formatNumber(watts / 1000, { maximumFractionDigits: 2 })}\u00a0kW`;
  return (
    <Card className="helio-ev__section" data-testid={`charger-${charger.deviceId}`}>
      <div className="helio-ev__heading">
        <H4>{charger.name}</H4>
        <Tag intent={connected ? 'success' : 'none'} data-testid="charger-connected">
          {connected ? t('live.connected') : t('live.notConnected')}
        </Tag>
      </div>
      <div className="helio-ev__figures">
        <Figure label={t('live.power')} value={kw(powerW)} testId="charger-power" />
        <Figure label={t('live.current')} value={`${formatNumber(num(reported[c.current]) ?? 0)}\u00a0A`} testId="charger-current" />
        <Figure label={t('live.phases')} value={formatNumber(num(reported[c.activePhases]) ?? 0)} testId="charger-phases" />
        <Figure
          label={t('live.sessionEnergy')}
          value={`${formatNumber(num(reported[c.sessionEnergy]) ?? 0, { maximumFractionDigits: 2 })}\u00a0kWh`}
          testId="charger-session"
        />
        <Figure label={t('live.solarNow')} value={share === null ? '–' : `${formatNumber(share)}\u00a0%`} testId="charger-solar" />
        <Figure label={t('live.carSoc')} value={carSoc === null ? '–' : `${formatNumber(carSoc)}\u00a0%`} testId="charger-soc" />
      </div>
      <div className="helio-ev__settings">
        <FormGroup label={t('settings.mode')} labelFor={`mode-${charger.deviceId}`}>
          <HTMLSelect
            id={`mode-${charger.deviceId}`}
            value={String(setting(c.mode) ?? '')}
            disabled={!canControl}
            onChange={(e) => write(c.mode, e.currentTarget.value)}
            options={EV_MODES.map((mode) => ({ value: mode, label: t(`modes.${mode}`) }))}
            data-testid="charger-mode"
          />
        </FormGroup>
        <FormGroup
          label={t('settings.minCurrent')}
          labelFor={`min-${charger.deviceId}`}
          helperText={t('settings.minCurrentHint', { max: maxA })}
        >
          <HTMLSelect
            id={`min-${charger.deviceId}`}
            value={String(minA)}
            disabled={!canControl}
            onChange={(e) => write(c.minCurrent, Number(e.currentTarget.value))}
            options={amps(choices.min)}
            data-testid="charger-min-current"
          />
        </FormGroup>
        <FormGroup
          label={t('settings.maxCurrent')}
          labelFor={`max-${charger.deviceId}`}
          helperText={t('settings.maxCurrentHint', { rated: ratedA })}
        >
          <HTMLSelect
            id={`max-${charger.deviceId}`}
            value={String(maxA)}
            disabled={!canControl}
            onChange={(e) => write(c.maxCurrent, Number(e.currentTarget.value))}
            options={amps(choices.max)}
            data-testid="charger-max-current"
          />
        </FormGroup>
        <FormGroup label={t('settings.phases')} labelFor={`phases-${charger.deviceId}`}>
          <HTMLSelect
            id={`phases-${charger.deviceId}`}
            value={String(setting(c.phases) ?? 0)}
            disabled={!canControl}
            onChange={(e) => write(c.phases, Number(e.currentTarget.value))}
            options={EV_PHASES.map((p) => ({ value: String(p), label: t(`phases.p${p}`) }))}
          />
        </FormGroup>
      </div>
      {!canControl && <p className="helio-ev__note">{t('settings.readOnly')}</p>}
    </Card>
  );
}
