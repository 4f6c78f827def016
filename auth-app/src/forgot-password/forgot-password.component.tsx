// /auth/forgot-password: the e-mail to send a reset code to. The confirmation never tells whether the
// account exists; from there the user continues to enter the code.
import { useRef, useState, type FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { Button, Callout, Classes, FormGroup, H2, InputGroup } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { useDocumentTitle } from '@helio/shared-utils';
import { commonFailure } from '../auth-errors/auth-failure';
import { AuthFailureCallout } from '../auth-errors/auth-failure-callout';
import '../auth-layout/auth-form.css';
import { LINK_BUTTON_CLASS } from '../auth-layout/link-button';
import { validateEmail } from '../sign-in/sign-in-form';
import { useForgotPassword } from './forgot-password.resource';

export function ForgotPassword() {
  const { t } = useTranslation('auth-app');
  useDocumentTitle(t('forgotPassword.title'));
  const [params] = useSearchParams();
  const request = useForgotPassword();
  const [email, setEmail] = useState(params.get('email') ?? '');
  const [submitted, setSubmitted] = useState(false);
  const emailRef = useRef<HTMLInputElement>(null);
  const error = submitted ? validateEmail(email) : undefined;

  if (request.isSuccess) {
    const sentTo = request.variables.trim();
    return (
      <div className="helio-auth-form" data-testid="forgot-password-sent">
        <H2>{t('forgotPassword.sentTitle')}</H2>
        <Callout intent="primary" role="status" className="helio-auth-callout">
          {t('forgotPassword.sent', { email: sentTo })}
        </Callout>
        <Link
          to={`/auth/set-new-password?email=${encodeURIComponent(sentTo)}`}
          className={LINK_BUTTON_CLASS}
          data-testid="forgot-password-continue"
        >
          {t('forgotPassword.continue')}
        </Link>
        <div className="helio-auth-links">
          <Link to="/auth/sign-in">{t('forgotPassword.backToSignIn')}</Link>
        </div>
      </div>
    );
  }

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (request.isPending) return;
    setSubmitted(true);
    if (validateEmail(email)) emailRef.current?.focus();
    else request.mutate(email);
  };

  const failure = request.error ? commonFailure(request.error) : null;

  return (
    <form className="helio-auth-form" noValidate onSubmit={submit} aria-labelledby="forgot-password-title">
      <H2 id="forgot-password-title">{t('forgotPassword.title')}</H2>
      <p className={Classes.TEXT_MUTED}>{t('forgotPassword.subtitle')}</p>
      {failure && <AuthFailureCallout failure={failure} title={t('errors.forgotTitle')} testId="forgot-password-error" />}
      <FormGroup
        label={t('signIn.email')}
        labelFor="forgot-email"
        intent={error ? 'danger' : 'none'}
        helperText={error && <span id="forgot-email-error">{t(error)}</span>}
      >
        <InputGroup
          id="forgot-email"
          name="username"
          type="email"
          size="large"
          autoComplete="username"
          autoFocus
          inputRef={emailRef}
          placeholder={t('signIn.emailPlaceholder')}
          value={email}
          onValueChange={setEmail}
          intent={error ? 'danger' : 'none'}
          aria-invalid={!!error}
          aria-describedby={error ? 'forgot-email-error' : undefined}
        />
      </FormGroup>
      <Button
        type="submit"
        intent="primary"
        size="large"
        fill
        loading={request.isPending}
        text={t('forgotPassword.submit')}
        aria-label={request.isPending ? t('forgotPassword.sending') : undefined}
        data-testid="forgot-password-submit"
      />
      <div className="helio-auth-links">
        <Link to="/auth/sign-in" data-testid="forgot-password-back">
          {t('forgotPassword.backToSignIn')}
        </Link>
      </div>
    </form>
  );
}
