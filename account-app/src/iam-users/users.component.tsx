// /my-account/iam/users: list and search the tenant's users, invite, change access, disable, enable
// and delete (each confirmed; the server's refusals, such as removing the last admin, shown plainly).
import { useState } from 'react';
import { Button, InputGroup } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { ErrorPanel, PageHeader, showToast, useCurrentUser, useDebounced, type IamUser } from '@helio/shared-utils';
import { IamTabs } from '../access/iam-tabs.component';
import { ConfirmDialog } from '../common/confirm-dialog.component';
import { Empty, Loading } from '../common/states.component';
import { useErrorText } from '../common/use-error-text';
import { useRoles } from '../iam-roles/roles.resource';
import { AccessDialog } from './access-dialog.component';
import { InviteDialog } from './invite-dialog.component';
import { UsersTable } from './users-table.component';
import { resendInvitation, useInviteUser, useUserAction, useUsers, type UserAction } from './users.resource';

export default function UsersPage() {
  const { t, i18n } = useTranslation('account-app');
  const errorText = useErrorText();
  const me = useCurrentUser();
  const [search, setSearch] = useState('');
  const users = useUsers(useDebounced(search.trim()));
  const roles = useRoles();
  const action = useUserAction();
  const resend = useInviteUser();
  const [inviting, setInviting] = useState(false);
  const [editing, setEditing] = useState<IamUser | null>(null);
  const [pending, setPending] = useState<{ user: IamUser; action: UserAction } | null>(null);

  const closeConfirm = () => {
    setPending(null);
    action.reset();
  };
  const confirm = () => {
    if (!pending) return;
    const name = `${pending.user.name} ${pending.user.family_name}`;
    action.mutate(
      { action: pending.action, id: pending.user.id },
      {
        onSuccess: () => {
          showToast({ intent: 'success', icon: 'tick', message: t(`users.done.${pending.action}`, { name }) });
          closeConfirm();
        },
      },
    );
  };

  const onResend = (user: IamUser) =>
    resend.mutate(resendInvitation(user), {
      onSuccess: () => showToast({ intent: 'success', icon: 'envelope', message: t('users.invited', { email: user.email }) }),
      onError: (error) => showToast({ intent: 'danger', icon: 'error', message: errorText(error) }),
    });

  let body;
  if (users.data && users.data.length > 0) {
    body = (
      <UsersTable
        users={users.data}
        selfId={me.data?.sub}
        onEditAccess={setEditing}
        onAction={(user, next) => setPending({ user, action: next })}
        onResend={onResend}
        resendingEmail={resend.isPending ? (resend.variables?.email ?? null) : null}
      />
    );
  } else if (users.data) {
    body = search.trim() ? (
      <Empty icon="search" title={t('users.noneMatching')} description={t('users.noneMatchingHint')} />
    ) : (
      <Empty icon="people" title={t('users.none')} />
    );
  } else if (users.isError) {
    body = <ErrorPanel title={t('users.loadFailed')} description={errorText(users.error)} onRetry={() => void users.refetch()} />;
  } else body = <Loading label={t('loading')} />;

  const pendingName = pending ? `${pending.user.name} ${pending.user.family_name} (${pending.user.email})` : '';
  return (
    <div className="helio-account-page">
      <PageHeader page="pages.users" description={t('users.description')}>
        <Button
          intent="primary"
          icon="new-person"
          text={t('users.invite')}
          disabled={!roles.data}
          onClick={() => setInviting(true)}
          data-testid="users-invite"
        />
      </PageHeader>
      <IamTabs>
        <div className="helio-account-toolbar">
          <InputGroup
            className="helio-account-search"
            type="search"
            leftIcon="search"
            placeholder={t('users.searchPlaceholder')}
            aria-label={t('users.search')}
            value={search}
            onChange={(event) => setSearch(event.target.value)}
            data-testid="users-search"
          />
        </div>
        {body}
        {roles.data && (
          <InviteDialog
            isOpen={inviting}
            roles={roles.data}
            language={i18n.language === 'en' ? 'en' : 'cs'}
            onClose={() => setInviting(false)}
          />
        )}
        {editing && roles.data && <AccessDialog user={editing} roles={roles.data} onClose={() => setEditing(null)} />}
        <ConfirmDialog
          isOpen={pending !== null}
          title={pending ? t(`users.confirm.${pending.action}.title`) : ''}
          confirmText={pending ? t(`users.confirm.${pending.action}.button`) : ''}
          intent={pending?.action === 'enable' ? 'primary' : 'danger'}
          busy={action.isPending}
          error={action.isError ? errorText(action.error) : null}
          onClose={closeConfirm}
          onConfirm={confirm}
        >
          <p>{pending ? t(`users.confirm.${pending.action}.text`, { name: pendingName }) : ''}</p>
        </ConfirmDialog>
      </IamTabs>
    </div>
  );
}
