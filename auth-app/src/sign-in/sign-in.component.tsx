// Sign-in with e-mail and password. Validation messages appear on submit and then follow the input;
// a failed sign-in is explained in a callout; success goes back to the page the user asked for.
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { Button, Classes, FormGroup, H2, InputGroup, Spinner } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { navigateToUrl } from 'single-spa';
import { session$, useDocumentTitle, useObservable } from '@helio/shared-utils';
import { AuthFailureCallout } from '../auth-errors/auth-failure-callout';
import { signInFailure, validateEmail, validateSignIn, type SignInErrors, type SignInValues } from './sign-in-form';
import { useSignIn } from './sign-in.resource';
import './sign-in.css';

/** Carries a typed e-mail over so it need not be typed twice. */
function forgotPasswordPath(email: string): string {
  const trimmed = email.trim();
  return validateEmail(trimmed) ? '/auth/forgot-password' : `/auth/forgot-password?email=${encodeURIComponent(trimmed)}`;
}

export function SignIn() {
  const { t } = useTranslation('auth-app');
  useDocumentTitle(t('signIn.title'));
  const session = useObservable(session$, undefined);
  const signIn = useSignIn();
  const [values, setValues] = useState<SignInValues>({ email: '', password: '' });
  const [errors, setErrors] = useState<SignInErrors>({});
  const [submitted, setSubmitted] = useState(false);
  const [showPassword, setShowPassword] = useState(false);
  const emailRef = useRef<HTMLInputElement>(null);
  const passwordRef = useRef<HTMLInputElement>(null);

  // Someone already signed in has nothing to do here; our own sign-in navigates by itself.
  const alreadySignedIn = !!session && signIn.isIdle;
  useEffect(() => {
    if (alreadySignedIn) navigateToUrl('/');
  }, [alreadySignedIn]);

  if (session === undefined || alreadySignedIn) return <Spinner className="helio-sign-in-spinner" />;

  const change = (field: keyof SignInValues) => (value: string) => {
    const next = { ...values, [field]: value };
    setValues(next);
    if (submitted) setErrors(validateSignIn(next));
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (signIn.isPending) return;
    const found = validateSignIn(values);
    setSubmitted(true);
    setErrors(found);
    if (found.email) emailRef.current?.focus();
    else if (found.password) passwordRef.current?.focus();
    else signIn.mutate(values, { onError: () => passwordRef.current?.select() });
  };

  const failure = signIn.error ? signInFailure(signIn.error) : null;

  return (
    <form className="helio-sign-in" noValidate onSubmit={submit} aria-labelledby="sign-in-title">
      <H2 id="sign-in-title">{t('signIn.title')}</H2>
      <p className={Classes.TEXT_MUTED}>{t('signIn.subtitle')}</p>
      {failure && <AuthFailureCallout failure={failure} title={t('errors.title')} testId="sign-in-error" />}
      <FormGroup
        label={t('signIn.email')}
        labelFor="sign-in-email"
        intent={errors.email ? 'danger' : 'none'}
        helperText={errors.email && <span id="sign-in-email-error">{t(errors.email)}</span>}
      >
        <InputGroup
          id="sign-in-email"
          name="username"
          type="email"
          size="large"
          autoComplete="username"
          autoFocus
          inputRef={emailRef}
          placeholder={t('signIn.emailPlaceholder')}
          value={values.email}
          onValueChange={change('email')}
          intent={errors.email ? 'danger' : 'none'}
          aria-invalid={!!errors.email}
          aria-describedby={errors.email ? 'sign-in-email-error' : undefined}
        />
      </FormGroup>
      <FormGroup
        label={t('signIn.password')}
        labelFor="sign-in-password"
        intent={errors.password ? 'danger' : 'none'}
        helperText={errors.password && <span id="sign-in-password-error">{t(errors.password)}</span>}
      >
        <InputGroup
          id="sign-in-password"
          name="password"
          type={showPassword ? 'text' : 'password'}
          size="large"
          autoComplete="current-password"
          inputRef={passwordRef}
          value={values.password}
          onValueChange={change('password')}
          intent={errors.password ? 'danger' : 'none'}
          aria-invalid={!!errors.password}
          aria-describedby={errors.password ? 'sign-in-password-error' : undefined}
          rightElement={
            <Button
              variant="minimal"
              icon={showPassword ? 'eye-off' : 'eye-open'}
              aria-label={t(showPassword ? 'signIn.hidePassword' : 'signIn.showPassword')}
              aria-pressed={showPassword}
              onClick={() => setShowPassword((shown) => !shown)}
            />
          }
        />
      </FormGroup>
      <Button
        type="submit"
        intent="primary"
        size="large"
        fill
        loading={signIn.isPending}
        text={t('signIn.submit')}
        aria-label={signIn.isPending ? t('signIn.signingIn') : undefined}
        data-testid="sign-in-submit"
      />
      <div className="helio-sign-in-links">
        <Link to={forgotPasswordPath(values.email)} data-testid="forgot-password-link">
          {t('signIn.forgotPassword')}
        </Link>
      </div>
    </form>
  );
}
