// /my-account: the signed-in user's profile and language, and the map of every settings page.
import { ErrorPanel, PageHeader, useCurrentUser } from '@helio/shared-utils';
import { useTranslation } from 'react-i18next';
import { Loading } from '../common/states.component';
import { ProfileCard } from './profile-card.component';
import { SettingsGroups } from './settings-groups.component';
import './my-account.css';

export default function MyAccountPage() {
  const { t } = useTranslation('account-app');
  const user = useCurrentUser();
  let body;
  if (user.data) {
    body = (
      <>
        <ProfileCard user={user.data} />
        <SettingsGroups user={user.data} />
      </>
    );
  } else if (user.isError) {
    body = <ErrorPanel title={t('access.userFailed')} description={t('errors.network')} onRetry={() => void user.refetch()} />;
  } else body = <Loading label={t('loading')} />;
  return (
    <div className="helio-account-page">
      <PageHeader page="pages.myAccount" name={user.data?.tenant.name} description={t('myAccount.description')} />
      {body}
    </div>
  );
}
