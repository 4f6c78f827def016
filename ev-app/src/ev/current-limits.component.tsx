// A charger's current limits, the ones its solar modes keep to: only the whole amperes the charger's
// hardware allows, and never a minimum above the maximum (chargerCurrentProblems, the server's rule
// too). Saved together, as one change.
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, FormGroup, HTMLSelect } from '@blueprintjs/core';
import { chargerCurrentProblems } from '@helio/contracts/limits';
import { EV_CURRENT_MIN_A, type OcppChargerView } from '@helio/contracts';
import { apiErrorText, showToast } from '@helio/shared-utils';
import { useCurrentLimits } from './ocpp-control.resource';

export function CurrentLimits({ charger, plantId, canControl }: { charger: OcppChargerView; plantId: string; canControl: boolean }) {
  const { t } = useTranslation('ev-app');
  const save = useCurrentLimits(plantId);
  const [draft, setDraft] = useState({ minCurrentA: charger.minCurrentA, maxCurrentA: charger.maxCurrentA });
  const amps = Array.from({ length: Math.max(0, charger.hwMaxCurrentA - EV_CURRENT_MIN_A + 1) }, (_, i) => EV_CURRENT_MIN_A + i);
  const problems = chargerCurrentProblems(draft, charger.hwMaxCurrentA);
  const changed = draft.minCurrentA !== charger.minCurrentA || draft.maxCurrentA !== charger.maxCurrentA;
  const select = (field: 'minCurrentA' | 'maxCurrentA') => (
    <FormGroup
      label={t(field === 'minCurrentA' ? 'settings.minCurrent' : 'settings.maxCurrent')}
      labelFor={`${field}-${charger.chargerId}`}
      intent={problems[field] ? 'danger' : 'none'}
      helperText={problems[field] ? t(`ocpp.problems.${problems[field]}`, { max: charger.hwMaxCurrentA }) : undefined}
    >
      <HTMLSelect
        id={`${field}-${charger.chargerId}`}
        value={String(draft[field])}
        disabled={!canControl}
        onChange={(e) => setDraft({ ...draft, [field]: Number(e.currentTarget.value) })}
        options={amps.map((a) => ({ value: String(a), label: `${a} A` }))}
        data-testid={`charger-${field}`}
      />
    </FormGroup>
  );
  return (
    <>
      {select('minCurrentA')}
      {select('maxCurrentA')}
      {canControl && (
        <FormGroup>
          <Button
            text={t('ocpp.saveLimits')}
            disabled={!changed || Object.keys(problems).length > 0}
            loading={save.isPending}
            onClick={() =>
              save.mutate(
                { chargerId: charger.chargerId, ...draft },
                {
                  onSuccess: () => showToast({ intent: 'success', message: t('ocpp.limitsSaved') }),
                  onError: (error) =>
                    showToast({
                      intent: 'danger',
                      // a refused field named as this form names it
                      message: apiErrorText(error, { minCurrentA: t('settings.minCurrent'), maxCurrentA: t('settings.maxCurrent') }),
                    }),
                },
              )
            }
            data-testid="charger-save-limits"
          />
        </FormGroup>
      )}
    </>
  );
}
