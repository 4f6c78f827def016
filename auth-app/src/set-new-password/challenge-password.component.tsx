// Challenge mode of /auth/set-new-password: an invited user signed in with the temporary password
// and now chooses their own; success signs them in and goes where they wanted to go.
import { useRef, useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { Button, Classes, H2 } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { useDocumentTitle } from '@helio/shared-utils';
import { AuthFailureCallout } from '../auth-errors/auth-failure-callout';
import '../auth-layout/auth-form.css';
import type { PendingChallenge } from './challenge-store';
import { NewPasswordFields } from './new-password-fields.component';
import { newPasswordFailure, validateNewPassword, type NewPasswordErrors, type NewPasswordValues } from './new-password-form';
import { useCompleteNewPassword } from './set-new-password.resource';

export function ChallengePassword({ challenge }: { challenge: PendingChallenge }) {
  const { t } = useTranslation('auth-app');
  useDocumentTitle(t('newPassword.title'));
  const complete = useCompleteNewPassword(challenge);
  const [values, setValues] = useState<NewPasswordValues>({ password: '', confirm: '' });
  const [errors, setErrors] = useState<NewPasswordErrors>({});
  const [submitted, setSubmitted] = useState(false);
  const passwordRef = useRef<HTMLInputElement>(null);
  const confirmRef = useRef<HTMLInputElement>(null);

  const change = (field: keyof NewPasswordValues, value: string) => {
    const next = { ...values, [field]: value };
    setValues(next);
    if (submitted) setErrors(validateNewPassword(next));
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (complete.isPending) return;
    const found = validateNewPassword(values);
    setSubmitted(true);
    setErrors(found);
    if (found.password) passwordRef.current?.focus();
    else if (found.confirm) confirmRef.current?.focus();
    else complete.mutate(values.password);
  };

  const failure = complete.error ? newPasswordFailure(complete.error, 'challenge') : null;

  return (
    <form className="helio-auth-form" noValidate onSubmit={submit} aria-labelledby="set-new-password-title">
      <H2 id="set-new-password-title">{t('newPassword.title')}</H2>
      <p className={Classes.TEXT_MUTED}>{t('newPassword.challengeSubtitle', { email: challenge.username })}</p>
      {failure && (
        <AuthFailureCallout failure={failure} title={t('errors.newPasswordTitle')} testId="set-new-password-error">
          {failure.key === 'errors.challengeExpired' && (
            <Link to="/auth/sign-in" data-testid="set-new-password-sign-in-again">
              {t('newPassword.signInAgain')}
            </Link>
          )}
        </AuthFailureCallout>
      )}
      {/* lets password managers store the new password under the right account */}
      <input type="email" name="username" autoComplete="username" value={challenge.username} readOnly hidden />
      <NewPasswordFields values={values} errors={errors} onChange={change} passwordRef={passwordRef} confirmRef={confirmRef} />
      <Button
        type="submit"
        intent="primary"
        size="large"
        fill
        loading={complete.isPending}
        text={t('newPassword.submitChallenge')}
        aria-label={complete.isPending ? t('newPassword.saving') : undefined}
        data-testid="set-new-password-submit"
      />
    </form>
  );
}
