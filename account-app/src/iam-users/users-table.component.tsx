// The tenant's users: who, role, modules, status and last sign-in, with the actions an admin takes.
// One's own account offers no disable or delete (the server refuses them too).
import { Button, HTMLTable, Tag, type Intent } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { formatDateTime, type IamUser, type IamUserStatus } from '@helio/shared-utils';
import { roleLabel } from '../iam-roles/role-label';
import type { UserAction } from './users.resource';

const STATUS_INTENT: Record<IamUserStatus, Intent> = { active: 'success', invited: 'primary', disabled: 'danger' };

interface UsersTableProps {
  users: readonly IamUser[];
  selfId: string | undefined;
  onEditAccess: (user: IamUser) => void;
  onAction: (user: IamUser, action: UserAction) => void;
  onResend: (user: IamUser) => void;
  /** e-mail of the user whose invitation is being sent again */
  resendingEmail: string | null;
}

export function UsersTable({ users, selfId, onEditAccess, onAction, onResend, resendingEmail }: UsersTableProps) {
  const { t } = useTranslation('account-app');
  return (
    <HTMLTable className="helio-account-table" striped interactive data-testid="users-table">
      <thead>
        <tr>
          <th>{t('users.user')}</th>
          <th>{t('users.role')}</th>
          <th>{t('users.modules')}</th>
          <th>{t('users.status')}</th>
          <th>{t('users.lastSignIn')}</th>
          <th aria-label={t('users.actions')} />
        </tr>
      </thead>
      <tbody>
        {users.map((user) => {
          const self = user.id === selfId;
          return (
            <tr key={user.id} data-testid="user-row" data-email={user.email}>
              <td>
                <strong>
                  {user.name} {user.family_name}
                </strong>
                {self && (
                  <Tag minimal className="helio-account-self">
                    {t('users.you')}
                  </Tag>
                )}
                <div className="helio-account-muted">{user.email}</div>
              </td>
              <td>{roleLabel(user.role, t)}</td>
              <td>
                <div className="helio-account-tags">
                  {user.modules.length === 0 && <span className="helio-account-muted">{t('users.noModules')}</span>}
                  {user.modules.map((module) => (
                    <Tag key={module} minimal>
                      {t(`common:modules.${module}`, { defaultValue: module })}
                    </Tag>
                  ))}
                </div>
              </td>
              <td>
                <Tag intent={STATUS_INTENT[user.status]} minimal data-testid="user-status">
                  {t(`users.statuses.${user.status}`)}
                </Tag>
                {user.status === 'invited' && user.invitationExpiresAt && (
                  <div className="helio-account-muted">
                    {t('users.invitationValidUntil', { date: formatDateTime(new Date(user.invitationExpiresAt), { dateStyle: 'medium' }) })}
                  </div>
                )}
              </td>
              <td>
                {user.lastSignInAt
                  ? formatDateTime(new Date(user.lastSignInAt), { dateStyle: 'medium', timeStyle: 'short' })
                  : t('users.never')}
              </td>
              <td>
                <div className="helio-account-actions">
                  {user.status === 'invited' && (
                    <Button
                      size="small"
                      icon="envelope"
                      text={t('users.resend')}
                      loading={resendingEmail === user.email}
                      onClick={() => onResend(user)}
                      data-testid="user-resend"
                    />
                  )}
                  <Button
                    size="small"
                    icon="key"
                    text={t('users.editAccess')}
                    onClick={() => onEditAccess(user)}
                    data-testid="user-edit-access"
                  />
                  {!self && user.status === 'disabled' && (
                    <Button
                      size="small"
                      icon="unlock"
                      text={t('users.enable')}
                      onClick={() => onAction(user, 'enable')}
                      data-testid="user-enable"
                    />
                  )}
                  {!self && user.status !== 'disabled' && (
                    <Button
                      size="small"
                      icon="disable"
                      text={t('users.disable')}
                      onClick={() => onAction(user, 'disable')}
                      data-testid="user-disable"
                    />
                  )}
                  {!self && (
                    <Button
                      size="small"
                      icon="trash"
                      intent="danger"
                      variant="outlined"
                      text={t('users.delete')}
                      onClick={() => onAction(user, 'delete')}
                      data-testid="user-delete"
                    />
                  )}
                </div>
              </td>
            </tr>
          );
        })}
      </tbody>
    </HTMLTable>
  );
}
