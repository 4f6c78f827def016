// Change password: the current one proves it is the owner, the new one must meet the shared rule.
// Success signs out every other session of the user (the server does it), which the list then shows.
import { useState, type FormEvent } from 'react';
import { Button, Callout, Card, FormGroup, InputGroup } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { PasswordRules, showToast } from '@helio/shared-utils';
import { checkPassword } from '@helio/contracts/limits';
import { useErrorText } from '../common/use-error-text';
import { useChangePassword } from './security.resource';

export function ChangePasswordCard() {
  const { t } = useTranslation('account-app');
  const errorText = useErrorText();
  const change = useChangePassword();
  const [current, setCurrent] = useState('');
  const [next, setNext] = useState('');
  const [visible, setVisible] = useState(false);
  const [submitted, setSubmitted] = useState(false);
  const policyOk = checkPassword(next).ok;
  const sameAsCurrent = next !== '' && next === current;
  const currentMissing = submitted && current === '';

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    if (current === '' || !policyOk || sameAsCurrent) return;
    change.mutate(
      { currentPassword: current, newPassword: next },
      {
        onSuccess: () => {
          setCurrent('');
          setNext('');
          setSubmitted(false);
          showToast({ intent: 'success', icon: 'tick', message: t('password.changed') });
        },
      },
    );
  };

  const reveal = (
    <Button
      variant="minimal"
      icon={visible ? 'eye-off' : 'eye-open'}
      aria-label={t(visible ? 'password.hide' : 'password.show')}
      onClick={() => setVisible(!visible)}
    />
  );

  return (
    <Card className="helio-account-card" data-testid="change-password">
      <h2>{t('password.title')}</h2>
      <form onSubmit={onSubmit} noValidate style={{ maxWidth: 420 }}>
        <FormGroup
          label={t('password.current')}
          labelFor="current-password"
          intent={currentMissing ? 'danger' : 'none'}
          helperText={currentMissing ? t('password.currentRequired') : undefined}
        >
          <InputGroup
            id="current-password"
            type={visible ? 'text' : 'password'}
            autoComplete="current-password"
            value={current}
            onChange={(event) => setCurrent(event.target.value)}
            rightElement={reveal}
          />
        </FormGroup>
        <FormGroup
          label={t('password.new')}
          labelFor="new-password"
          intent={(submitted && !policyOk) || sameAsCurrent ? 'danger' : 'none'}
          helperText={sameAsCurrent ? t('errors.passwordReused') : undefined}
        >
          <InputGroup
            id="new-password"
            type={visible ? 'text' : 'password'}
            autoComplete="new-password"
            value={next}
            aria-describedby="new-password-rules"
            onChange={(event) => setNext(event.target.value)}
          />
        </FormGroup>
        <PasswordRules password={next} id="new-password-rules" />
        {change.isError && (
          <Callout intent="danger" icon="error" data-testid="change-password-error" className="helio-account-callout">
            {errorText(change.error)}
          </Callout>
        )}
        <p className="helio-account-muted">{t('password.othersSignedOut')}</p>
        <Button
          type="submit"
          intent="primary"
          text={t('password.submit')}
          loading={change.isPending}
          data-testid="change-password-submit"
        />
      </form>
    </Card>
  );
}
