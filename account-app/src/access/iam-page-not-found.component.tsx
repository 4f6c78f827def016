// root-config hands every /my-account/iam/* address to this app; one it has no page for says so and
// leads back to the users page instead of staying blank.
import { AnchorButton, NonIdealState } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';

export function IamPageNotFound() {
  const { t } = useTranslation('account-app');
  const navigate = useNavigate();
  return (
    <div data-testid="iam-not-found">
      <NonIdealState
        icon="search"
        title={t('iam.notFound')}
        action={
          <AnchorButton
            href="/my-account/iam/users"
            text={t('common:pages.users')}
            onClick={(event) => {
              event.preventDefault();
              navigate('/my-account/iam/users');
            }}
          />
        }
      />
    </div>
  );
}
