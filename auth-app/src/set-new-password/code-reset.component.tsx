// Code mode of /auth/set-new-password (after "forgot password"): e-mail, the mailed 6-digit code and
// the new password; success says so and leads to sign-in.
import { useRef, useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { Button, Callout, Classes, FormGroup, H2, InputGroup } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { useDocumentTitle } from '@helio/shared-utils';
import { AuthFailureCallout } from '../auth-errors/auth-failure-callout';
import '../auth-layout/auth-form.css';
import { LINK_BUTTON_CLASS } from '../auth-layout/link-button';
import { NewPasswordFields } from './new-password-fields.component';
import { newPasswordFailure, validateCodeReset, type CodeResetErrors, type CodeResetValues } from './new-password-form';
import { useConfirmForgotPassword } from './set-new-password.resource';

const forgotPath = (email: string) => `/auth/forgot-password${email.trim() ? `?email=${encodeURIComponent(email.trim())}` : ''}`;

export function CodeReset({ initialEmail }: { initialEmail: string }) {
  const { t } = useTranslation('auth-app');
  useDocumentTitle(t('newPassword.title'));
  const confirm = useConfirmForgotPassword();
  const [values, setValues] = useState<CodeResetValues>({ email: initialEmail, code: '', password: '', confirm: '' });
  const [errors, setErrors] = useState<CodeResetErrors>({});
  const [submitted, setSubmitted] = useState(false);
  const emailRef = useRef<HTMLInputElement>(null);
  const codeRef = useRef<HTMLInputElement>(null);
  const passwordRef = useRef<HTMLInputElement>(null);
  const confirmRef = useRef<HTMLInputElement>(null);

  if (confirm.isSuccess) {
    return (
      <div className="helio-auth-form" data-testid="set-new-password-done">
        <H2>{t('newPassword.doneTitle')}</H2>
        <Callout intent="success" role="status" className="helio-auth-callout">
          {t('newPassword.done')}
        </Callout>
        <Link to="/auth/sign-in" className={LINK_BUTTON_CLASS} data-testid="set-new-password-go-sign-in">
          {t('newPassword.goSignIn')}
        </Link>
      </div>
    );
  }

  const change = (field: keyof CodeResetValues, value: string) => {
    const next = { ...values, [field]: value };
    setValues(next);
    if (submitted) setErrors(validateCodeReset(next));
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (confirm.isPending) return;
    const found = validateCodeReset(values);
    setSubmitted(true);
    setErrors(found);
    const first = [
      [found.email, emailRef],
      [found.code, codeRef],
      [found.password, passwordRef],
      [found.confirm, confirmRef],
    ] as const;
    const invalid = first.find(([error]) => error);
    if (invalid) invalid[1].current?.focus();
    else confirm.mutate(values);
  };

  const failure = confirm.error ? newPasswordFailure(confirm.error, 'code') : null;

  return (
    <form className="helio-auth-form" noValidate onSubmit={submit} aria-labelledby="set-new-password-title">
      <H2 id="set-new-password-title">{t('newPassword.title')}</H2>
      <p className={Classes.TEXT_MUTED}>{t('newPassword.codeSubtitle')}</p>
      {failure && (
        <AuthFailureCallout failure={failure} title={t('errors.newPasswordTitle')} testId="set-new-password-error">
          {(failure.key === 'errors.codeMismatch' || failure.key === 'errors.resetLocked') && (
            <Link to={forgotPath(values.email)} data-testid="set-new-password-new-code">
              {t('newPassword.requestNewCode')}
            </Link>
          )}
        </AuthFailureCallout>
      )}
      <FormGroup
        label={t('signIn.email')}
        labelFor="reset-email"
        intent={errors.email ? 'danger' : 'none'}
        helperText={errors.email && <span id="reset-email-error">{t(errors.email)}</span>}
      >
        <InputGroup
          id="reset-email"
          name="username"
          type="email"
          size="large"
          autoComplete="username"
          autoFocus={!initialEmail}
          inputRef={emailRef}
          value={values.email}
          onValueChange={(value) => change('email', value)}
          intent={errors.email ? 'danger' : 'none'}
          aria-invalid={!!errors.email}
          aria-describedby={errors.email ? 'reset-email-error' : undefined}
        />
      </FormGroup>
      <FormGroup
        label={t('newPassword.code')}
        labelFor="reset-code"
        intent={errors.code ? 'danger' : 'none'}
        helperText={errors.code ? <span id="reset-code-error">{t(errors.code)}</span> : t('newPassword.codeHelp')}
      >
        <InputGroup
          id="reset-code"
          name="code"
          size="large"
          inputMode="numeric"
          autoComplete="one-time-code"
          autoFocus={!!initialEmail}
          maxLength={12}
          inputRef={codeRef}
          value={values.code}
          onValueChange={(value) => change('code', value)}
          intent={errors.code ? 'danger' : 'none'}
          aria-invalid={!!errors.code}
          aria-describedby={errors.code ? 'reset-code-error' : undefined}
        />
      </FormGroup>
      <NewPasswordFields values={values} errors={errors} onChange={change} passwordRef={passwordRef} confirmRef={confirmRef} />
      <Button
        type="submit"
        intent="primary"
        size="large"
        fill
        loading={confirm.isPending}
        text={t('newPassword.submitCode')}
        aria-label={confirm.isPending ? t('newPassword.saving') : undefined}
        data-testid="set-new-password-submit"
      />
      <div className="helio-auth-links">
        <Link to="/auth/sign-in">{t('forgotPassword.backToSignIn')}</Link>
        <Link to={forgotPath(values.email)}>{t('newPassword.requestNewCode')}</Link>
      </div>
    </form>
  );
}
