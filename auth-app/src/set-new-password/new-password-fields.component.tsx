// New password + its confirmation, with the policy checklist following what is typed. Both modes of
// /auth/set-new-password use these fields.
import { useState, type Ref } from 'react';
import { Button, FormGroup, InputGroup } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import type { NewPasswordErrors, NewPasswordValues } from './new-password-form';
import { PasswordRules } from '@helio/shared-utils';

interface Props {
  values: NewPasswordValues;
  errors: NewPasswordErrors;
  onChange: (field: keyof NewPasswordValues, value: string) => void;
  passwordRef: Ref<HTMLInputElement>;
  confirmRef: Ref<HTMLInputElement>;
}

export function NewPasswordFields({ values, errors, onChange, passwordRef, confirmRef }: Props) {
  const { t } = useTranslation('auth-app');
  const [shown, setShown] = useState(false);
  const type = shown ? 'text' : 'password';
  const describedBy = (error: string | undefined, id: string, extra?: string) =>
    [error ? id : undefined, extra].filter(Boolean).join(' ') || undefined;
  return (
    <>
      <FormGroup
        label={t('newPassword.password')}
        labelFor="new-password"
        intent={errors.password ? 'danger' : 'none'}
        helperText={errors.password && <span id="new-password-error">{t(errors.password)}</span>}
      >
        <InputGroup
          id="new-password"
          name="new-password"
          type={type}
          size="large"
          autoComplete="new-password"
          inputRef={passwordRef}
          value={values.password}
          onValueChange={(value) => onChange('password', value)}
          intent={errors.password ? 'danger' : 'none'}
          aria-invalid={!!errors.password}
          aria-describedby={describedBy(errors.password, 'new-password-error', 'new-password-rules')}
          rightElement={
            <Button
              variant="minimal"
              icon={shown ? 'eye-off' : 'eye-open'}
              aria-label={t(shown ? 'signIn.hidePassword' : 'signIn.showPassword')}
              aria-pressed={shown}
              onClick={() => setShown((was) => !was)}
            />
          }
        />
      </FormGroup>
      <PasswordRules password={values.password} id="new-password-rules" />
      <FormGroup
        label={t('newPassword.confirm')}
        labelFor="new-password-confirm"
        intent={errors.confirm ? 'danger' : 'none'}
        helperText={errors.confirm && <span id="new-password-confirm-error">{t(errors.confirm)}</span>}
      >
        <InputGroup
          id="new-password-confirm"
          name="new-password-confirm"
          type={type}
          size="large"
          autoComplete="new-password"
          inputRef={confirmRef}
          value={values.confirm}
          onValueChange={(value) => onChange('confirm', value)}
          intent={errors.confirm ? 'danger' : 'none'}
          aria-invalid={!!errors.confirm}
          aria-describedby={describedBy(errors.confirm, 'new-password-confirm-error')}
        />
      </FormGroup>
    </>
  );
}
