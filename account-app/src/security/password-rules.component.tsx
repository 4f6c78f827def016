// The password policy as a live checklist under the new password: each rule turns green as the typed
// password meets it. The rule is the server's own (common/password-policy.ts), as on the auth screens.
import { Icon } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { checkPassword, PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH, type PasswordRule } from '../common/password-policy';

const SHOWN: readonly PasswordRule[] = ['minLength', 'maxLength', 'uppercase', 'lowercase', 'digit', 'symbol'];

export function PasswordRules({ password, id }: { password: string; id: string }) {
  const { t } = useTranslation('account-app');
  const { failures } = checkPassword(password);
  // "At most 256 characters" only appears once it is broken.
  const rules = SHOWN.filter((rule) => rule !== 'maxLength' || failures.includes(rule));
  return (
    <ul className="helio-password-rules" id={id} aria-label={t('password.rulesTitle')} data-testid="password-rules">
      {rules.map((rule) => {
        const met = !failures.includes(rule);
        return (
          <li key={rule} data-rule={rule} data-met={met} className={met ? 'helio-password-rule-met' : undefined}>
            <Icon icon={met ? 'tick-circle' : 'circle'} intent={met ? 'success' : 'none'} size={14} />
            <span>{t(`password.rules.${rule}`, { min: PASSWORD_MIN_LENGTH, max: PASSWORD_MAX_LENGTH })}</span>
            <span className="helio-visually-hidden">{t(met ? 'password.met' : 'password.notMet')}</span>
          </li>
        );
      })}
    </ul>
  );
}
