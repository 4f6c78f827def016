// The active plant's OCPP chargers on /ev: start a session with an id tag or stop the running one,
// and every call sent with its state, the profiles the solar modes send too: pending until the
// charger answers, then accepted, rejected, failed or timed out. Operators of the plant with
// devices:control may act (and take it out of service: charger-maintenance.component.tsx); the
// free-charging switch (any card starts a session) and a restart are the plant owner's, like its cards.
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, Callout, Card, FormGroup, H4, HTMLTable, InputGroup, Switch, Tag, type Intent } from '@blueprintjs/core';
import { ID_TAG_MAX } from '@helio/contracts/limits';
import type { ChargerCommandView, OcppChargerView } from '@helio/contracts';
import { apiErrorText, formatDateTime, formatMoney, formatNumber, showToast, useMayCall } from '@helio/shared-utils';
import { ChargerMaintenance } from './charger-maintenance.component';
import { useFreeCharging } from './id-tags.resource';
import { useChargerSessions, useCommandHistory, useOcppChargers, useRemoteStart, useRemoteStop } from './ocpp-control.resource';

const STATE_INTENT: Record<ChargerCommandView['state'], Intent> = {
  pending: 'primary',
  accepted: 'success',
  rejected: 'danger',
  failed: 'danger',
  timed_out: 'warning',
};

function CommandHistory({ chargerId }: { chargerId: string }) {
  const { t } = useTranslation('ev-app');
  const history = useCommandHistory(chargerId);
  const commands = history.data ?? [];
  if (commands.length === 0) return <p className="helio-ev__note">{t('ocpp.noCommands')}</p>;
  return (
    <HTMLTable compact striped className="helio-ev__table" data-testid="ocpp-commands">
      <thead>
        <tr>
          <th>{t('ocpp.sentAt')}</th>
          <th>{t('ocpp.action')}</th>
          <th>{t('ocpp.state')}</th>
          <th>{t('ocpp.by')}</th>
        </tr>
      </thead>
      <tbody>
        {commands.slice(0, 10).map((c) => (
          <tr key={c.id} data-testid="ocpp-command" data-state={c.state} data-action={c.action}>
            <td>{formatDateTime(Date.parse(c.sentAt))}</td>
            <td>{t(`ocpp.actions.${c.action}`, { defaultValue: c.action })}</td>
            <td>
              <Tag minimal intent={STATE_INTENT[c.state]}>
                {t(`ocpp.states.${c.state}`)}
                {c.answerStatus && c.state !== 'accepted' ? ` (${c.answerStatus})` : ''}
              </Tag>
            </td>
            <td>{c.userEmail ?? t(`ocpp.sources.${c.source}`)}</td>
          </tr>
        ))}
      </tbody>
    </HTMLTable>
  );
}

function ChargerSessions({ charger }: { charger: OcppChargerView }) {
  const { t } = useTranslation('ev-app');
  const sessions = useChargerSessions(charger.chargerId, charger.transactionId);
  const rows = sessions.data?.sessions ?? [];
  if (rows.length === 0) return null;
  const kwh = (value: number) => formatNumber(value, { maximumFractionDigits: 2 });
  return (
    <HTMLTable compact striped className="helio-ev__table" data-testid="ocpp-sessions">
      <caption className="helio-ev__caption">{t('ocpp.sessions')}</caption>
      <thead>
        <tr>
          <th>{t('sessions.start')}</th>
          <th>{t('sessions.end')}</th>
          <th>{t('ocpp.card')}</th>
          <th>{t('planning.vehicle')}</th>
          <th>{t('sessions.energyKwh')}</th>
          <th>{t('ocpp.solarKwh')}</th>
          <th>{t('sessions.cost')}</th>
          <th>{t('ocpp.stopReason')}</th>
        </tr>
      </thead>
      <tbody>
        {rows.slice(0, 10).map((s) => (
          <tr key={s.transactionId} data-testid="ocpp-session" data-running={String(s.end === null)}>
            <td>{formatDateTime(Date.parse(s.start))}</td>
            <td>{s.end === null ? t('sessions.running') : formatDateTime(Date.parse(s.end))}</td>
            <td>{s.idTagName ?? s.idTag}</td>
            <td data-testid="ocpp-session-vehicle">{s.vehicleName ?? '–'}</td>
            <td data-testid="ocpp-session-energy">{kwh(s.energyKwh)}</td>
            <td data-testid="ocpp-session-solar">{kwh(s.solarKwh)}</td>
            <td data-testid="ocpp-session-cost">
              {s.costCzk === null ? '–' : formatMoney(s.costCzk, 'CZK')}
              {s.priceSource && ` (${t(`sessions.source.${s.priceSource}`)})`}
            </td>
            <td>{s.stopReason ? t(`ocpp.stopReasons.${s.stopReason}`, { defaultValue: s.stopReason }) : ''}</td>
          </tr>
        ))}
      </tbody>
    </HTMLTable>
  );
}

function FreeCharging({ charger, plantId, canChange }: { charger: OcppChargerView; plantId: string; canChange: boolean }) {
  const { t } = useTranslation('ev-app');
  const save = useFreeCharging(plantId);
  // What was asked shows at once; the list read after the answer confirms it.
  const checked = save.isPending && save.variables ? save.variables.freeCharging : charger.freeCharging;
  return (
    <Switch
      checked={checked}
      disabled={!canChange || save.isPending}
      label={t('ocpp.freeCharging')}
      onChange={(e) =>
        save.mutate(
          { chargerId: charger.chargerId, freeCharging: e.currentTarget.checked },
          {
            onSuccess: ({ freeCharging }) =>
              showToast({ intent: 'success', message: t(freeCharging ? 'ocpp.freeChargingOn' : 'ocpp.freeChargingOff') }),
            onError: (error) => showToast({ intent: 'danger', message: apiErrorText(error) }),
          },
        )
      }
      data-testid="ocpp-free-charging"
    />
  );
}

function OcppCharger({
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
  const start = useRemoteStart(plantId);
  const stop = useRemoteStop(plantId);
  const [idTag, setIdTag] = useState('');
  const online = charger.connection === 'online';
  const failed = (error: unknown) => showToast({ intent: 'danger', message: apiErrorText(error) });
  return (
    <div className="helio-ev__ocpp-charger" data-testid="ocpp-charger" data-charger={charger.chargerId}>
      <div className="helio-ev__heading">
        <H4>{charger.name}</H4>
        <Tag intent={online ? 'success' : 'none'} data-testid="ocpp-connection">
          {t(online ? 'ocpp.online' : 'ocpp.offline')}
        </Tag>
      </div>
      {canControl && (
        <div className="helio-ev__settings">
          {charger.transactionId === null ? (
            <>
              <FormGroup label={t('ocpp.idTag')} labelFor={`ocpp-id-tag-${charger.chargerId}`}>
                <InputGroup
                  id={`ocpp-id-tag-${charger.chargerId}`}
                  value={idTag}
                  maxLength={ID_TAG_MAX}
                  onChange={(e) => setIdTag(e.target.value)}
                  data-testid="ocpp-id-tag"
                />
              </FormGroup>
              <Button
                icon="play"
                intent="primary"
                text={t('ocpp.start')}
                disabled={idTag.trim() === '' || !online}
                loading={start.isPending}
                onClick={() => start.mutate({ chargerId: charger.chargerId, idTag: idTag.trim() }, { onError: failed })}
                data-testid="ocpp-start"
              />
            </>
          ) : (
            <Button
              icon="stop"
              intent="danger"
              text={t('ocpp.stop')}
              disabled={!online}
              loading={stop.isPending}
              onClick={() => stop.mutate({ chargerId: charger.chargerId }, { onError: failed })}
              data-testid="ocpp-stop"
            />
          )}
        </div>
      )}
      <ChargerMaintenance charger={charger} plantId={plantId} canControl={canControl} isOwner={isOwner} />
      <FreeCharging charger={charger} plantId={plantId} canChange={isOwner} />
      <ChargerSessions charger={charger} />
      <CommandHistory chargerId={charger.chargerId} />
    </div>
  );
}

export function OcppControlCard({ plantId, canControl }: { plantId: string; canControl: boolean }) {
  const { t } = useTranslation('ev-app');
  const chargers = useOcppChargers(plantId);
  const mayChangeAccess = useMayCall('ev/charger/free-charging');
  // A gateway's charger does not speak OCPP: nothing here reaches it.
  const ocpp = chargers.data?.chargers.filter((c) => c.driver === 'ocpp') ?? [];
  if (!chargers.data || ocpp.length === 0) {
    return chargers.isError ? <Callout intent="danger">{apiErrorText(chargers.error)}</Callout> : null;
  }
  return (
    <Card className="helio-ev__section" data-testid="ocpp-control">
      <H4>{t('ocpp.title')}</H4>
      {ocpp.map((charger) => (
        <OcppCharger
          key={charger.chargerId}
          charger={charger}
          plantId={plantId}
          canControl={canControl && chargers.data.role !== 'viewer'}
          isOwner={mayChangeAccess && chargers.data.role === 'owner'}
        />
      ))}
    </Card>
  );
}
