// The access tab of a plant's detail: who may see the plant and their role on it. A plant owner (or a
// tenant owner or admin) with plants:write invites by e-mail, changes roles and removes users; each
// change is a server call, confirmed by a toast (removal first by a dialog). Tenant owners and admins
// see every plant: they are listed, but their access is not changed here.
import { useState, type FormEvent } from 'react';
import {
  Alert,
  Button,
  Callout,
  Card,
  FormGroup,
  H4,
  HTMLSelect,
  HTMLTable,
  InputGroup,
  NonIdealState,
  Spinner,
  Tag,
} from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { PLANT_ROLES } from '@helio/contracts/limits';
import {
  apiErrorText,
  showToast,
  useCurrentUser,
  useMayCall,
  type ApiError,
  type PlantAccessUser,
  type PlantDetail,
  type PlantRole,
} from '@helio/shared-utils';
import { accessErrorKey, useChangePlantRole, useInviteToPlant, usePlantAccess, useRemoveFromPlant } from './plant-access.resource';

const fullName = (user: PlantAccessUser) => `${user.name} ${user.familyName}`.trim();

export function PlantAccess({ plant }: { plant: PlantDetail }) {
  const { t, i18n } = useTranslation('management-app');
  const me = useCurrentUser();
  // the server also wants the owner role on this plant
  const mayManageAccess = useMayCall('plant/access/update');
  const users = usePlantAccess(plant.id);
  const invite = useInviteToPlant(plant.id);
  const change = useChangePlantRole(plant.id);
  const remove = useRemoveFromPlant(plant.id);
  const [email, setEmail] = useState('');
  const [role, setRole] = useState<PlantRole>('viewer');
  const [name, setName] = useState('');
  const [familyName, setFamilyName] = useState('');
  const [removing, setRemoving] = useState<PlantAccessUser | null>(null);

  const errorText = (error: ApiError | null) => {
    const key = accessErrorKey(error);
    return key ? t(key) : error ? apiErrorText(error) : '';
  };
  const roleName = (value: PlantRole) => t(`access.roles.${value}`);

  if (users.isPending) return <Spinner />;
  if (users.isError) return <NonIdealState icon="error" title={t('access.loadFailed')} description={apiErrorText(users.error)} />;

  const mine = users.data.find((u) => u.userId === me.data?.sub);
  const canManage = mayManageAccess && mine?.role === 'owner';

  const onInvite = (event: FormEvent) => {
    event.preventDefault();
    const trimmed = { name: name.trim(), familyName: familyName.trim() };
    invite.mutate(
      {
        email: email.trim(),
        role,
        ...(trimmed.name ? { name: trimmed.name } : {}),
        ...(trimmed.familyName ? { familyName: trimmed.familyName } : {}),
        locale: i18n.language === 'en' ? 'en' : 'cs',
      },
      {
        onSuccess: ({ user, invited }) => {
          showToast({
            intent: 'success',
            icon: invited ? 'envelope' : 'tick',
            message: t(invited ? 'access.invitedNew' : 'access.granted', {
              email: user.email,
              role: roleName(user.role),
              plant: plant.name,
            }),
          });
          setEmail('');
          setName('');
          setFamilyName('');
        },
      },
    );
  };

  const onRoleChange = (user: PlantAccessUser, next: PlantRole) =>
    change.mutate(
      { userId: user.userId, role: next },
      {
        onSuccess: () =>
          showToast({ intent: 'success', icon: 'tick', message: t('access.roleChanged', { email: user.email, role: roleName(next) }) }),
        onError: (error) => showToast({ intent: 'danger', icon: 'error', message: errorText(error) }),
      },
    );

  const onRemove = () => {
    if (!removing) return;
    remove.mutate(
      { userId: removing.userId },
      {
        onSuccess: () => {
          showToast({ intent: 'success', icon: 'tick', message: t('access.removed', { email: removing.email, plant: plant.name }) });
          setRemoving(null);
        },
      },
    );
  };

  return (
    <div className="helio-management-settings" data-testid="plant-access">
      <Card>
        <H4>{t('access.users')}</H4>
        <p className="helio-management-muted">{t('access.rolesHint')}</p>
        <HTMLTable compact className="helio-management-table" data-testid="plant-access-table">
          <thead>
            <tr>
              <th>{t('access.columns.name')}</th>
              <th>{t('access.columns.email')}</th>
              <th>{t('access.columns.role')}</th>
              <th />
            </tr>
          </thead>
          <tbody>
            {users.data.map((user) => (
              <tr key={user.userId} data-testid="plant-access-row" data-email={user.email}>
                <td>
                  {fullName(user)}{' '}
                  {user.status !== 'active' && (
                    <Tag minimal intent={user.status === 'invited' ? 'primary' : 'warning'}>
                      {t(`access.status.${user.status}`)}
                    </Tag>
                  )}
                </td>
                <td>{user.email}</td>
                <td>
                  {user.everyPlant ? (
                    <Tag minimal icon="shield">
                      {t('access.everyPlant')}
                    </Tag>
                  ) : canManage ? (
                    <HTMLSelect
                      aria-label={t('access.roleOf', { email: user.email })}
                      value={user.role}
                      disabled={change.isPending}
                      options={PLANT_ROLES.map((value) => ({ value, label: roleName(value) }))}
                      onChange={(e) => onRoleChange(user, e.currentTarget.value as PlantRole)}
                      data-testid="plant-access-role"
                    />
                  ) : (
                    roleName(user.role)
                  )}
                </td>
                <td className="helio-management-row-actions">
                  {canManage && !user.everyPlant && (
                    <Button
                      minimal
                      intent="danger"
                      icon="remove"
                      text={t('access.remove')}
                      onClick={() => setRemoving(user)}
                      data-testid="plant-access-remove"
                    />
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </HTMLTable>
      </Card>
      {canManage && (
        <Card>
          <H4>{t('access.invite')}</H4>
          <form onSubmit={onInvite} data-testid="plant-access-invite">
            <div className="helio-management-fields">
              <FormGroup label={t('access.email')} labelFor="plant-access-email">
                <InputGroup id="plant-access-email" type="email" required value={email} onChange={(e) => setEmail(e.target.value)} />
              </FormGroup>
              <FormGroup label={t('access.role')} labelFor="plant-access-new-role">
                <HTMLSelect
                  id="plant-access-new-role"
                  value={role}
                  options={PLANT_ROLES.map((value) => ({ value, label: roleName(value) }))}
                  onChange={(e) => setRole(e.currentTarget.value as PlantRole)}
                />
              </FormGroup>
              <FormGroup label={t('access.name')} labelFor="plant-access-name" labelInfo={t('access.forNewUser')}>
                <InputGroup id="plant-access-name" value={name} onChange={(e) => setName(e.target.value)} />
              </FormGroup>
              <FormGroup label={t('access.familyName')} labelFor="plant-access-family-name" labelInfo={t('access.forNewUser')}>
                <InputGroup id="plant-access-family-name" value={familyName} onChange={(e) => setFamilyName(e.target.value)} />
              </FormGroup>
            </div>
            {invite.isError && (
              <Callout intent="danger" icon="error" data-testid="plant-access-error">
                {errorText(invite.error)}
              </Callout>
            )}
            <div className="helio-management-actions">
              <Button
                type="submit"
                intent="primary"
                icon="new-person"
                text={t('access.inviteButton')}
                loading={invite.isPending}
                disabled={!email.trim()}
              />
            </div>
          </form>
        </Card>
      )}
      <Alert
        isOpen={removing !== null}
        intent="danger"
        icon="remove"
        confirmButtonText={t('access.remove')}
        cancelButtonText={t('access.cancel')}
        loading={remove.isPending}
        onConfirm={onRemove}
        onCancel={() => {
          setRemoving(null);
          remove.reset();
        }}
      >
        <p>{removing ? t('access.confirmRemove', { email: removing.email, plant: plant.name }) : ''}</p>
        {remove.isError && <Callout intent="danger">{errorText(remove.error)}</Callout>}
      </Alert>
    </div>
  );
}
