// Setting a module's canary: which registered release, for which organisations and what share of
// users, and when it rolls back by itself (the error rate, after how many loads).
import { useState } from 'react';
import { Button, Callout, Checkbox, Dialog, DialogBody, DialogFooter, FormGroup, HTMLSelect, InputGroup } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { apiErrorText } from '@helio/shared-utils';
import type { ReleaseModuleView } from '@helio/contracts';
import { CANARY_MIN_LOADS_LIMITS, CANARY_SHARE_MAX } from '@helio/contracts/limits';
import { useSetCanary } from './releases.resource';

interface Props {
  module: ReleaseModuleView;
  organisations: ReadonlyArray<{ id: string; name: string }>;
  onClose: () => void;
}

const wholeIn = (text: string, min: number, max: number) => {
  const value = Number(text);
  return /^\d+$/.test(text.trim()) && value >= min && value <= max ? value : null;
};

export function CanaryDialog({ module, organisations, onClose }: Props) {
  const { t } = useTranslation('integrations-app');
  const setCanary = useSetCanary();
  const candidates = module.releases.filter((r) => r.name !== module.stable);
  const [release, setRelease] = useState(module.canary ?? candidates[0]?.name ?? '');
  const [share, setShare] = useState(String(module.canary ? module.share : 0));
  const [orgs, setOrgs] = useState<string[]>(module.organisations.map((o) => o.id));
  const [minLoads, setMinLoads] = useState(String(module.minLoads));
  const [maxRate, setMaxRate] = useState(String(Math.round(module.maxErrorRate * 100)));
  const [problem, setProblem] = useState<string | null>(null);
  const toggle = (id: string) => setOrgs((list) => (list.includes(id) ? list.filter((o) => o !== id) : [...list, id]));

  const submit = () => {
    const sharePercent = wholeIn(share, 0, CANARY_SHARE_MAX);
    const loads = wholeIn(minLoads, CANARY_MIN_LOADS_LIMITS.minimum, CANARY_MIN_LOADS_LIMITS.maximum);
    const rate = wholeIn(maxRate, 0, 100);
    if (!release) return setProblem(t('releases.problems.release'));
    if (sharePercent === null) return setProblem(t('releases.problems.share'));
    if (sharePercent === 0 && orgs.length === 0) return setProblem(t('releases.problems.audience'));
    if (loads === null) return setProblem(t('releases.problems.minLoads'));
    if (rate === null) return setProblem(t('releases.problems.maxErrorRate'));
    setProblem(null);
    setCanary.mutate(
      { module: module.module, release, share: sharePercent, organisations: orgs, minLoads: loads, maxErrorRate: rate / 100 },
      { onSuccess: onClose },
    );
  };

  return (
    <Dialog
      isOpen
      title={t('releases.canaryTitle', { module: module.module })}
      icon="lab-test"
      onClose={onClose}
      canOutsideClickClose={false}
    >
      <DialogBody>
        {candidates.length === 0 ? (
          <Callout intent="warning">{t('releases.noCandidates')}</Callout>
        ) : (
          <>
            <FormGroup label={t('releases.release')} labelFor="canary-release" helperText={t('releases.releaseHint')}>
              <HTMLSelect
                id="canary-release"
                value={release}
                onChange={(e) => setRelease(e.currentTarget.value)}
                data-testid="canary-release"
              >
                {candidates.map((r) => (
                  <option key={r.name} value={r.name}>
                    {r.name}
                  </option>
                ))}
              </HTMLSelect>
            </FormGroup>
            <FormGroup label={t('releases.organisations')} helperText={t('releases.organisationsHint')}>
              {organisations.map((o) => (
                <Checkbox
                  key={o.id}
                  label={o.name}
                  checked={orgs.includes(o.id)}
                  onChange={() => toggle(o.id)}
                  data-testid={`canary-org-${o.name}`}
                />
              ))}
            </FormGroup>
            <FormGroup label={t('releases.share')} labelFor="canary-share" helperText={t('releases.shareHint')}>
              <InputGroup
                id="canary-share"
                value={share}
                onValueChange={setShare}
                inputMode="numeric"
                rightElement={<span className="helio-integrations-unit">%</span>}
                data-testid="canary-share"
              />
            </FormGroup>
            <FormGroup label={t('releases.maxErrorRate')} labelFor="canary-rate" helperText={t('releases.maxErrorRateHint')}>
              <InputGroup
                id="canary-rate"
                value={maxRate}
                onValueChange={setMaxRate}
                inputMode="numeric"
                rightElement={<span className="helio-integrations-unit">%</span>}
                data-testid="canary-rate"
              />
            </FormGroup>
            <FormGroup label={t('releases.minLoads')} labelFor="canary-loads" helperText={t('releases.minLoadsHint')}>
              <InputGroup id="canary-loads" value={minLoads} onValueChange={setMinLoads} inputMode="numeric" data-testid="canary-loads" />
            </FormGroup>
            {problem && <Callout intent="danger">{problem}</Callout>}
            {setCanary.isError && <Callout intent="danger">{apiErrorText(setCanary.error)}</Callout>}
          </>
        )}
      </DialogBody>
      <DialogFooter
        actions={
          <>
            <Button text={t('common.cancel')} onClick={onClose} />
            <Button
              intent="primary"
              text={t('releases.startCanary')}
              disabled={candidates.length === 0}
              loading={setCanary.isPending}
              onClick={submit}
              data-testid="canary-save"
            />
          </>
        }
      />
    </Dialog>
  );
}
