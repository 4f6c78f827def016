// Where the user is signed in: device, address, last use; this device is marked and cannot be
// signed out from here (that is the profile menu's sign-out). Sign out one, or every other one.
import { useState } from 'react';
import { Button, Card, HTMLTable, Tag } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { ErrorPanel, formatDateTime, showToast, type SessionView } from '@helio/shared-utils';
import { ConfirmDialog } from '../common/confirm-dialog.component';
import { Empty, Loading } from '../common/states.component';
import { useErrorText } from '../common/use-error-text';
import { useRevokeOtherSessions, useRevokeSession, useSessions } from './security.resource';

const when = (iso: string) => formatDateTime(new Date(iso), { dateStyle: 'medium', timeStyle: 'short' });

export function SessionsCard() {
  const { t } = useTranslation('account-app');
  const errorText = useErrorText();
  const sessions = useSessions();
  const revoke = useRevokeSession();
  const revokeOthers = useRevokeOtherSessions();
  const [confirmOthers, setConfirmOthers] = useState(false);
  const others = (sessions.data ?? []).filter((s) => !s.current);

  const signOut = (session: SessionView) =>
    revoke.mutate(session.id, {
      onSuccess: () => showToast({ intent: 'success', icon: 'log-out', message: t('sessions.revoked', { device: session.device }) }),
      onError: (error) => showToast({ intent: 'danger', icon: 'error', message: t('sessions.revokeFailed', { reason: errorText(error) }) }),
    });

  let body;
  if (sessions.data && sessions.data.length > 0) {
    body = (
      <HTMLTable className="helio-account-table" striped data-testid="sessions-table">
        <thead>
          <tr>
            <th>{t('sessions.device')}</th>
            <th>{t('sessions.address')}</th>
            <th>{t('sessions.lastUsed')}</th>
            <th>{t('sessions.signedIn')}</th>
            <th aria-label={t('sessions.actions')} />
          </tr>
        </thead>
        <tbody>
          {sessions.data.map((session) => (
            <tr key={session.id} data-testid="session-row" data-current={session.current}>
              <td>
                {session.device}{' '}
                {session.current && (
                  <Tag intent="success" minimal>
                    {t('sessions.thisDevice')}
                  </Tag>
                )}
              </td>
              <td>{session.address ?? '—'}</td>
              <td>{when(session.lastUsedAt)}</td>
              <td>{when(session.createdAt)}</td>
              <td>
                <div className="helio-account-actions">
                  {!session.current && (
                    <Button
                      size="small"
                      icon="log-out"
                      text={t('sessions.signOut')}
                      loading={revoke.isPending && revoke.variables === session.id}
                      onClick={() => signOut(session)}
                      data-testid="session-revoke"
                    />
                  )}
                </div>
              </td>
            </tr>
          ))}
        </tbody>
      </HTMLTable>
    );
  } else if (sessions.data) {
    body = <Empty icon="desktop" title={t('sessions.none')} />;
  } else if (sessions.isError) {
    body = <ErrorPanel title={t('sessions.loadFailed')} description={errorText(sessions.error)} onRetry={() => void sessions.refetch()} />;
  } else body = <Loading label={t('loading')} />;

  return (
    <Card className="helio-account-card" data-testid="sessions">
      <div className="helio-account-toolbar" style={{ justifyContent: 'space-between' }}>
        <h2>{t('sessions.title')}</h2>
        <Button
          icon="log-out"
          text={t('sessions.signOutOthers')}
          disabled={others.length === 0}
          onClick={() => setConfirmOthers(true)}
          data-testid="sessions-revoke-others"
        />
      </div>
      {body}
      <ConfirmDialog
        isOpen={confirmOthers}
        title={t('sessions.signOutOthers')}
        confirmText={t('sessions.signOutOthersConfirm')}
        busy={revokeOthers.isPending}
        error={revokeOthers.isError ? errorText(revokeOthers.error) : null}
        onClose={() => {
          setConfirmOthers(false);
          revokeOthers.reset();
        }}
        onConfirm={() =>
          revokeOthers.mutate(undefined, {
            onSuccess: ({ revoked }) => {
              setConfirmOthers(false);
              showToast({ intent: 'success', icon: 'log-out', message: t('sessions.othersRevoked', { count: revoked }) });
            },
          })
        }
      >
        <p>{t('sessions.signOutOthersText', { count: others.length })}</p>
      </ConfirmDialog>
    </Card>
  );
}
