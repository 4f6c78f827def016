// /my-account/iam/audit: who did what, when and from where — sign-ins, failed sign-ins, password and
// session changes and every identity and access change, filtered by kind and day range.
import { useState } from 'react';
import { Button, FormGroup, HTMLSelect, HTMLTable, InputGroup, Tag } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { ErrorPanel, formatDateTime, PageHeader } from '@helio/shared-utils';
import { IamTabs } from '../access/iam-tabs.component';
import { Empty, Loading } from '../common/states.component';
import { useErrorText } from '../common/use-error-text';
import {
  actionTextKey,
  actorText,
  AUDIT_CATEGORY_KEYS,
  detailsSummary,
  NO_AUDIT_FILTER,
  rangeIsValid,
  type AuditFilter,
} from './audit-filter';
import { useAuditLog } from './audit.resource';

export default function AuditLogPage() {
  const { t } = useTranslation('account-app');
  const errorText = useErrorText();
  const [filter, setFilter] = useState<AuditFilter>(NO_AUDIT_FILTER);
  const valid = rangeIsValid(filter);
  const [applied, setApplied] = useState<AuditFilter>(NO_AUDIT_FILTER);
  const log = useAuditLog(applied);
  const change = (next: AuditFilter) => {
    setFilter(next);
    if (rangeIsValid(next)) setApplied(next);
  };
  const filtered = JSON.stringify(applied) !== JSON.stringify(NO_AUDIT_FILTER);

  let body;
  if (log.data && log.data.length > 0) {
    body = (
      <>
        <HTMLTable className="helio-account-table" striped data-testid="audit-table">
          <thead>
            <tr>
              <th>{t('audit.when')}</th>
              <th>{t('audit.what')}</th>
              <th>{t('audit.who')}</th>
              <th>{t('audit.target')}</th>
              <th>{t('audit.address')}</th>
              <th>{t('audit.details')}</th>
            </tr>
          </thead>
          <tbody>
            {log.data.map((event) => (
              <tr key={event.id} data-testid="audit-row" data-action={event.action}>
                <td>{formatDateTime(new Date(event.at), { dateStyle: 'medium', timeStyle: 'medium' })}</td>
                <td>
                  <Tag minimal intent={event.action === 'auth.sign_in_failed' ? 'danger' : 'none'}>
                    {t(actionTextKey(event.action), { defaultValue: event.action })}
                  </Tag>
                </td>
                <td>{actorText(t, event)}</td>
                <td>{event.target?.label ?? '—'}</td>
                <td>{event.address ?? '—'}</td>
                <td className="helio-account-muted">{detailsSummary(t, event.details)}</td>
              </tr>
            ))}
          </tbody>
        </HTMLTable>
        {log.hasNextPage && (
          <Button
            className="helio-account-callout"
            icon="more"
            text={t('audit.more')}
            loading={log.isFetchingNextPage}
            onClick={() => void log.fetchNextPage()}
          />
        )}
      </>
    );
  } else if (log.data) {
    body = filtered ? <Empty icon="filter-remove" title={t('audit.noneMatching')} /> : <Empty icon="history" title={t('audit.none')} />;
  } else if (log.isError) {
    body = <ErrorPanel title={t('audit.loadFailed')} description={errorText(log.error)} onRetry={() => void log.refetch()} />;
  } else body = <Loading label={t('loading')} />;

  return (
    <div className="helio-account-page">
      <PageHeader page="pages.audit" description={t('audit.pageDescription')} />
      <IamTabs>
        <div className="helio-account-toolbar" data-testid="audit-filters">
          <FormGroup label={t('audit.kind')} labelFor="audit-kind">
            <HTMLSelect
              id="audit-kind"
              value={filter.category}
              onChange={(event) => change({ ...filter, category: event.target.value as AuditFilter['category'] })}
              options={[
                { value: 'all', label: t('audit.categories.all') },
                ...AUDIT_CATEGORY_KEYS.map((key) => ({ value: key, label: t(`audit.categories.${key}`) })),
              ]}
            />
          </FormGroup>
          <FormGroup label={t('audit.from')} labelFor="audit-from">
            <InputGroup
              id="audit-from"
              type="date"
              value={filter.from}
              onChange={(event) => change({ ...filter, from: event.target.value })}
            />
          </FormGroup>
          <FormGroup
            label={t('audit.to')}
            labelFor="audit-to"
            intent={valid ? 'none' : 'danger'}
            helperText={valid ? undefined : t('audit.badRange')}
          >
            <InputGroup
              id="audit-to"
              type="date"
              value={filter.to}
              intent={valid ? 'none' : 'danger'}
              onChange={(event) => change({ ...filter, to: event.target.value })}
            />
          </FormGroup>
          {filtered && <Button variant="minimal" icon="filter-remove" text={t('audit.clear')} onClick={() => change(NO_AUDIT_FILTER)} />}
        </div>
        {body}
      </IamTabs>
    </div>
  );
}
