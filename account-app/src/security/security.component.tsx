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
        breadcrumbs={[{ text: t('myAccount.title'), href: '/my-account' }, { text: t('security.title') }]}
        title={t('security.title')}
        description={t('security.description')}
      />
      <ChangePasswordCard />
      <SessionsCard />
    </div>
  );
}
