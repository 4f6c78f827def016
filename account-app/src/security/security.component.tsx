// /my-account/security: change password and the list of active sessions.
import { PageHeader } from '@helio/shared-utils';
import { useTranslation } from 'react-i18next';
import { ChangePasswordCard } from './change-password.component';
import { SessionsCard } from './sessions.component';

export default function SecurityPage() {
  const { t } = useTranslation('account-app');
  return (
    <div className="helio-account-page">
      <PageHeader
        breadcrumbs={[{ text: t('common:pages.myAccount'), href: '/my-account' }, { text: t('common:pages.security') }]}
        page="pages.security"
        description={t('security.description')}
      />
      <ChangePasswordCard />
      <SessionsCard />
    </div>
  );
}
