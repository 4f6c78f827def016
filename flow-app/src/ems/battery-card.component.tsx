// The battery's live state (state of charge, power, charging/discharging/idle) and its operating
// mode, with a control that asks the device for another mode and shows it pending until reported.
import React, { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AnchorButton, Button, Callout, Card, H4, HTMLSelect, NonIdealState, ProgressBar, Spinner, Tag } from '@blueprintjs/core';
import { formatNumber, formatPower, type ApiError, type Plant } from '@helio/shared-utils';
import { batteryState } from '../diagram/edge-direction';
import type { Readings } from '../diagram/readings';
import { StaleTag } from '../diagram/stale-tag.component';
import { isOperMode, OPER_MODES, type OperMode } from '@helio/contracts/device';
import { useSetOperatingMode } from './operating-mode.resource';

/** single-spa watches pushState: the shell routes to /rc without a page load. */
function openRemoteControl(event: React.MouseEvent<HTMLElement>) {
  event.preventDefault();
  window.history.pushState(null, '', '/rc');
}

const STATE_INTENT = { charging: 'success', discharging: 'primary', idle: 'none' } as const;

function OperatingModeControl({ plant, readings, onStored }: { plant: Plant; readings: Readings; onStored: () => void }) {
  const { t } = useTranslation('flow-app');
  const reported = readings.operMode;
  const [choice, setChoice] = useState<OperMode | null>(null);
  const setMode = useSetOperatingMode(plant, onStored);
  const selected = choice ?? (isOperMode(reported) ? reported : OPER_MODES[0]);
  const pending = readings.pendingOperMode;
  const modeName = (mode: string | null) => (mode === null ? t('notReported') : isOperMode(mode) ? t(`operMode.${mode}`) : mode);

  return (
    <div className="helio-ems-mode">
      <div className="helio-ems-row">
        <span className="helio-ems-muted">{t('battery.operMode')}</span>
        <strong data-testid="ems-oper-mode">{modeName(reported)}</strong>
      </div>
      {pending && (
        <Tag intent="warning" minimal icon={<Spinner size={12} />} data-testid="ems-oper-mode-pending" className="helio-ems-pending">
          {t('battery.pending', { mode: modeName(pending) })}
        </Tag>
      )}
      <form
        className="helio-ems-mode__form"
        onSubmit={(event) => {
          event.preventDefault();
          setMode.mutate(selected, { onSuccess: () => setChoice(null) });
        }}
      >
        <HTMLSelect
          aria-label={t('battery.chooseMode')}
          data-testid="ems-oper-mode-select"
          value={selected}
          onChange={(event) => setChoice(event.currentTarget.value as OperMode)}
          options={OPER_MODES.map((mode) => ({ value: mode, label: t(`operMode.${mode}`) }))}
        />
        <Button
          type="submit"
          intent="primary"
          loading={setMode.isPending}
          disabled={selected === reported && !pending}
          data-testid="ems-oper-mode-apply"
        >
          {t('battery.apply')}
        </Button>
      </form>
      {setMode.isError && <ModeError error={setMode.error} />}
      {/* Every other writable setting, schedules and the command history live in remote control. */}
      <AnchorButton minimal small icon="settings" href="/rc" onClick={openRemoteControl} data-testid="ems-rc-link">
        {t('battery.moreSettings')}
      </AnchorButton>
    </div>
  );
}

function ModeError({ error }: { error: ApiError }) {
  const { t } = useTranslation('flow-app');
  return (
    <Callout intent="danger" compact data-testid="ems-oper-mode-error">
      {error.status === 403 ? t('battery.forbidden') : t('battery.setFailed')}
    </Callout>
  );
}

export function BatteryCard({ plant, readings, now, onStored }: { plant: Plant; readings: Readings; now: number; onStored: () => void }) {
  const { t } = useTranslation('flow-app');
  if (!plant.batteryKwh) {
    return (
      <Card className="helio-ems-card" data-testid="ems-battery">
        <H4 className="helio-ems-card__title">{t('battery.title')}</H4>
        <NonIdealState icon="lightning" description={t('battery.none')} />
      </Card>
    );
  }
  const soc = readings.values.BatSoc;
  const power = readings.values.ActPwrBat;
  const state = batteryState(power ?? null);
  return (
    <Card className="helio-ems-card" data-testid="ems-battery">
      <div className="helio-ems-card__header">
        <H4 className="helio-ems-card__title">{t('battery.title')}</H4>
        <StaleTag reportedAt={readings.reportedAt.ActPwrBat} now={now} testId="ems-battery-stale" />
      </div>
      <div className="helio-ems-soc">
        <span className="helio-ems-soc__value" data-testid="ems-battery-soc">
          {soc === undefined ? t('notReported') : formatNumber(soc / 100, { style: 'percent', maximumFractionDigits: 0 })}
        </span>
        <span className="helio-ems-muted">
          {t('battery.soc', { capacity: formatNumber(plant.batteryKwh, { maximumFractionDigits: 1 }) })}
        </span>
      </div>
      {soc !== undefined && (
        <ProgressBar value={soc / 100} animate={false} stripes={false} intent="success" aria-label={t('battery.socLabel')} />
      )}
      <div className="helio-ems-row">
        <span className="helio-ems-muted">{t('battery.power')}</span>
        <span>
          <strong data-testid="ems-battery-power">{power === undefined ? t('notReported') : formatPower(Math.abs(power))}</strong>{' '}
          {state && (
            <Tag minimal intent={STATE_INTENT[state]} data-testid="ems-battery-state">
              {t(`battery.state.${state}`)}
            </Tag>
          )}
        </span>
      </div>
      <OperatingModeControl plant={plant} readings={readings} onStored={onStored} />
    </Card>
  );
}
