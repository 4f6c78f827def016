// /auth/sign-out: ends the session, then shows sign-in in its place. The returnTo the shell stored
// survives (signOut keeps it), so signing in again leads back to the page that was asked for.
import { useEffect } from 'react';
import { useNavigate } from 'react-router-dom';
import { NonIdealState, Spinner } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { signOut } from '@helio/shared-utils';

export function SignOut() {
  const { t } = useTranslation('auth-app');
  const navigate = useNavigate();

  useEffect(() => {
    let mounted = true;
    signOut()
      .catch(console.error)
      .finally(() => {
        if (mounted) navigate('/auth/sign-in', { replace: true });
      });
    return () => {
      mounted = false;
    };
  }, [navigate]);

  return <NonIdealState icon={<Spinner />} title={t('signOut.signingOut')} />;
}
