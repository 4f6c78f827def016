// One charger of the active plant: its live values (an OCPP charger's own report, a gateway's
// charger's from the plant's) and its settings for operators: mode and phases, saved as chosen, and
// the current limits within its hardware, and for an OCPP charger the home battery's priority (below
// that SoC of the plant's battery, PV and Min+PV leave the battery's charging power to it). The
// settings are the charger's own (ev/charger/settings, /current), so two chargers of a plant never
// share or overwrite them. Its vehicle, price limit and weekly plan: charger-planning.component.tsx.
import { useTranslation } from 'react-i18next';
import { Card, FormGroup, H4, HTMLSelect, Tag } from '@blueprintjs/core';
import { EV_MODES, EV_PHASES, type EvMode, type EvPhases, type OcppChargerView } from '@helio/contracts';
import { apiErrorText, formatNumber, showToast } from '@helio/shared-utils';
import { ChargerPlanning } from './charger-planning.component';
import { CurrentLimits } from './current-limits.component';
import { useChargerSettings } from './ocpp-control.resource';

const BATTERY_FIRST_STEPS = Array.from({ length: 21 }, (_, i) => i * 5);

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

export function ChargerCard({
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
  const settings = useChargerSettings(plantId);
  const { live } = charger;
  // What was chosen shows at once; the list read after the answer confirms it.
  const asked = settings.isPending ? settings.variables : undefined;
  const mode = asked?.mode ?? charger.mode;
  const phases = asked?.phases ?? charger.phases;
  const batteryFirst = asked?.batteryFirstBelowPct ?? charger.batteryFirstBelowPct;
  // Every 5 %, and the stored value should an API client have set another whole percent.
  const batteryFirstChoices = [...new Set([...BATTERY_FIRST_STEPS, batteryFirst])].sort((a, b) => a - b);
  const save = (change: { mode?: EvMode; phases?: EvPhases; batteryFirstBelowPct?: number }) =>
    settings.mutate(
      { chargerId: charger.chargerId, mode, phases, ...change },
      { onError: (error) => showToast({ intent: 'danger', message: apiErrorText(error) }) },
    );
  const kw = (watts: number) => `${formatNumber(watts / 1000, { maximumFractionDigits: 2 })}\u00a0kW`;
  return (
    <Card
      className="helio-ev__section"
      data-testid={`charger-${charger.chargerId}`}
      data-charger-card={charger.chargerId}
      data-device-id={charger.deviceId ?? undefined}
    >
      <div className="helio-ev__heading">
        <H4>{charger.name}</H4>
        <Tag intent={live.carConnected ? 'success' : 'none'} data-testid="charger-connected">
          {live.carConnected ? t('live.connected') : t('live.notConnected')}
        </Tag>
      </div>
      <div className="helio-ev__figures">
        <Figure label={t('live.power')} value={kw(live.powerW)} testId="charger-power" />
        <Figure label={t('live.current')} value={`${formatNumber(live.currentA)}\u00a0A`} testId="charger-current" />
        <Figure label={t('live.phases')} value={formatNumber(live.activePhases)} testId="charger-phases" />
        <Figure
          label={t('live.sessionEnergy')}
          value={`${formatNumber(live.sessionKwh, { maximumFractionDigits: 2 })}\u00a0kWh`}
          testId="charger-session"
        />
        <Figure
          label={t('live.solarNow')}
          value={live.solarSharePct === null ? '–' : `${formatNumber(live.solarSharePct)}\u00a0%`}
          testId="charger-solar"
        />
        <Figure
          label={t('live.carSoc')}
          value={live.carSocPct === null ? '–' : `${formatNumber(live.carSocPct)}\u00a0%`}
          testId="charger-soc"
        />
      </div>
      <div className="helio-ev__settings">
        <FormGroup label={t('settings.mode')} labelFor={`mode-${charger.chargerId}`}>
          <HTMLSelect
            id={`mode-${charger.chargerId}`}
            value={mode}
            disabled={!canControl}
            onChange={(e) => save({ mode: e.currentTarget.value as EvMode })}
            options={EV_MODES.map((m) => ({ value: m, label: t(`modes.${m}`) }))}
            data-testid="charger-mode"
          />
        </FormGroup>
        <FormGroup label={t('settings.phases')} labelFor={`phases-${charger.chargerId}`}>
          <HTMLSelect
            id={`phases-${charger.chargerId}`}
            value={String(phases)}
            disabled={!canControl}
            onChange={(e) => save({ phases: Number(e.currentTarget.value) as EvPhases })}
            options={EV_PHASES.map((p) => ({ value: String(p), label: t(`phases.p${p}`) }))}
            data-testid="charger-phases-setting"
          />
        </FormGroup>
        {charger.driver === 'ocpp' && (
          <FormGroup
            label={t('settings.batteryFirst')}
            labelFor={`battery-first-${charger.chargerId}`}
            helperText={t('settings.batteryFirstHelp')}
          >
            <HTMLSelect
              id={`battery-first-${charger.chargerId}`}
              value={String(batteryFirst)}
              disabled={!canControl}
              onChange={(e) => save({ batteryFirstBelowPct: Number(e.currentTarget.value) })}
              options={batteryFirstChoices.map((pct) => ({
                value: String(pct),
                label: pct === 0 ? t('settings.batteryFirstOff') : `${formatNumber(pct)}\u00a0%`,
              }))}
              data-testid="charger-battery-first"
            />
          </FormGroup>
        )}
        <CurrentLimits key={`${charger.minCurrentA}-${charger.maxCurrentA}`} charger={charger} plantId={plantId} canControl={canControl} />
      </div>
      <ChargerPlanning charger={charger} plantId={plantId} timeZone={timeZone} canControl={canControl} />
      {settings.isPending && (
        <Tag minimal intent="primary" data-testid="charger-saving">
          {t('settings.saving')}
        </Tag>
      )}
      <p className="helio-ev__note">
        {t(charger.driver === 'gateway' ? 'settings.viaGateway' : 'settings.viaOcpp', { max: charger.hwMaxCurrentA })}
      </p>
      {!canControl && <p className="helio-ev__note">{t('settings.readOnly')}</p>}
    </Card>
  );
}
