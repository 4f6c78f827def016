// /integrations/releases: each module's stable release and canary (its audience, error rate and
// judgement), every registered release's loads and errors, promote and roll back in one action, an
// automatic rollback said plainly, and who changed what when.
import { useState } from 'react';
import { Alert, Button, Callout, Card, H2, HTMLTable, NonIdealState, Spinner, Tag } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import type { ReleaseEndpoints, ReleaseModuleView } from '@helio/contracts';
import { apiErrorText, formatNumber, PageHeader } from '@helio/shared-utils';
import { when } from '../common/when';
import { CanaryDialog } from './canary-dialog.component';
import { canaryVerdict, errorRate, judgedFrom } from './release-rates';
import { usePromote, useReleases, useRollback } from './releases.resource';

type Organisations = ReleaseEndpoints['releases/list']['response']['organisations'];
const percent = (rate: number | null) => (rate === null ? '—' : formatNumber(rate, { style: 'percent', maximumFractionDigits: 1 }));

function ModuleCard({ module, organisations }: { module: ReleaseModuleView; organisations: Organisations }) {
  const { t } = useTranslation('integrations-app');
  const promote = usePromote();
  const rollback = useRollback();
  const [editing, setEditing] = useState(false);
  const [confirm, setConfirm] = useState<'promote' | 'rollback' | null>(null);
  const verdict = canaryVerdict(module);
  const folder = module.module.replace('@helio/', '');
  const audience = [
    ...module.organisations.map((o) => o.name),
    ...(module.share > 0 ? [t('releases.shareOfUsers', { share: module.share })] : []),
  ].join(', ');
  const canRollBack = module.canary !== null || module.previousStable !== null;
  const failure = promote.error ?? rollback.error;

  return (
    <Card className="helio-integrations-card" data-testid={`release-module-${folder}`} aria-labelledby={`release-${folder}`}>
      <div className="helio-integrations-card-head">
        <H2 id={`release-${folder}`}>{module.module}</H2>
        <div className="helio-integrations-actions">
          <Button icon="lab-test" text={t('releases.setCanary')} onClick={() => setEditing(true)} data-testid="release-set-canary" />
          <Button
            icon="endorsed"
            intent="success"
            text={t('releases.promote')}
            disabled={module.canary === null}
            onClick={() => setConfirm('promote')}
            data-testid="release-promote"
          />
          <Button
            icon="undo"
            intent="danger"
            text={module.canary ? t('releases.endCanary') : t('releases.rollback')}
            disabled={!canRollBack}
            onClick={() => setConfirm('rollback')}
            data-testid="release-rollback"
          />
        </div>
      </div>
      <p>
        {t('releases.stable')}: <code data-testid="release-stable">{module.stable}</code>
        {' · '}
        {t('releases.canary')}:{' '}
        {module.canary ? (
          <>
            <code data-testid="release-canary">{module.canary}</code> ({audience}){' '}
            {verdict && (
              <Tag minimal intent={verdict === 'failing' ? 'danger' : verdict === 'healthy' ? 'success' : 'none'}>
                {t(`releases.verdicts.${verdict}`, { minLoads: judgedFrom(module) })}
              </Tag>
            )}
          </>
        ) : (
          <span className="helio-integrations-muted" data-testid="release-canary">
            {t('releases.noCanary')}
          </span>
        )}
      </p>
      {module.canary && (
        <p className="helio-integrations-hint">
          {t('releases.threshold', { rate: percent(module.maxErrorRate), minLoads: judgedFrom(module) })}
        </p>
      )}
      {module.autoRollback && (
        <Callout intent="warning" icon="warning-sign" data-testid="release-auto-rollback">
          {t('releases.autoRolledBack', {
            release: module.autoRollback.release,
            at: when(module.autoRollback.at),
            rate: percent(errorRate(module.autoRollback)),
            errors: module.autoRollback.errors,
            loads: module.autoRollback.loads,
          })}
        </Callout>
      )}
      {failure && <Callout intent="danger">{apiErrorText(failure)}</Callout>}
      <HTMLTable compact striped className="helio-integrations-table">
        <thead>
          <tr>
            <th>{t('releases.release')}</th>
            <th>{t('releases.registered')}</th>
            <th>{t('releases.loads')}</th>
            <th>{t('releases.errors')}</th>
            <th>{t('releases.errorRate')}</th>
            <th>{t('releases.lastError')}</th>
          </tr>
        </thead>
        <tbody>
          {module.releases.map((r) => (
            <tr key={r.name} data-testid="release-row">
              <td>
                <code>{r.name}</code>{' '}
                {r.name === module.stable && (
                  <Tag minimal intent="success">
                    {t('releases.stable')}
                  </Tag>
                )}
                {r.name === module.canary && (
                  <Tag minimal intent="warning">
                    {t('releases.canary')}
                  </Tag>
                )}
              </td>
              <td>
                {when(r.createdAt)} · {r.createdBy ?? (r.source === 'build' ? t('releases.fromBuild') : t('releases.byCli'))}
              </td>
              <td>{formatNumber(r.loads)}</td>
              <td>{formatNumber(r.errors)}</td>
              <td data-testid="release-error-rate">{percent(errorRate(r))}</td>
              <td className="helio-integrations-muted">{r.lastError ?? '—'}</td>
            </tr>
          ))}
        </tbody>
      </HTMLTable>
      {editing && <CanaryDialog module={module} organisations={organisations} onClose={() => setEditing(false)} />}
      <Alert
        isOpen={confirm !== null}
        intent={confirm === 'promote' ? 'success' : 'danger'}
        confirmButtonText={confirm === 'promote' ? t('releases.promote') : t('releases.rollback')}
        cancelButtonText={t('common.cancel')}
        onCancel={() => setConfirm(null)}
        onConfirm={() => {
          if (confirm === 'promote') promote.mutate(module.module);
          else rollback.mutate(module.module);
          setConfirm(null);
        }}
      >
        {confirm === 'promote'
          ? t('releases.confirmPromote', { release: module.canary, module: module.module })
          : module.canary
            ? t('releases.confirmEndCanary', { release: module.canary, module: module.module })
            : t('releases.confirmRollback', { release: module.previousStable, module: module.module })}
      </Alert>
    </Card>
  );
}

export default function ReleasesPage() {
  const { t } = useTranslation('integrations-app');
  const releases = useReleases();
  return (
    <div className="helio-integrations">
      <PageHeader
        breadcrumbs={[{ href: '/integrations', text: t('common:modules.integrations') }, { text: t('common:pages.releases') }]}
        page="pages.releases"
        description={t('releases.description')}
      />
      {releases.isPending && <Spinner />}
      {releases.isError && <NonIdealState icon="error" title={t('common.loadFailed')} description={apiErrorText(releases.error)} />}
      {releases.data?.modules.length === 0 && <NonIdealState icon="box" title={t('releases.none')} />}
      {releases.data?.modules.map((m) => (
        <ModuleCard key={m.module} module={m} organisations={releases.data.organisations} />
      ))}
      {releases.data && (
        <Card className="helio-integrations-card" aria-labelledby="release-history-title">
          <H2 id="release-history-title">{t('releases.history')}</H2>
          {releases.data.history.length === 0 ? (
            <p className="helio-integrations-muted">{t('releases.noHistory')}</p>
          ) : (
            <HTMLTable compact striped className="helio-integrations-table" data-testid="release-history">
              <thead>
                <tr>
                  <th>{t('releases.when')}</th>
                  <th>{t('releases.module')}</th>
                  <th>{t('releases.what')}</th>
                  <th>{t('releases.who')}</th>
                </tr>
              </thead>
              <tbody>
                {releases.data.history.map((entry, i) => (
                  <tr key={`${entry.at}-${i}`}>
                    <td>{when(entry.at)}</td>
                    <td>{entry.module}</td>
                    <td>
                      {t(`releases.actions.${entry.action.replace('releases.', '')}`, { defaultValue: entry.action })}
                      {typeof entry.details.release === 'string' && (
                        <>
                          {' '}
                          <code>{entry.details.release}</code>
                        </>
                      )}
                    </td>
                    <td>
                      {entry.actor ??
                        t(
                          entry.details.by === 'cli'
                            ? 'releases.byCli'
                            : entry.details.by === 'build'
                              ? 'releases.fromBuild'
                              : 'releases.server',
                        )}
                    </td>
                  </tr>
                ))}
              </tbody>
            </HTMLTable>
          )}
        </Card>
      )}
    </div>
  );
}
