// The password policy as a live checklist under a new-password input (sign-in challenge, reset,
// change password): each rule turns green as the typed password meets it. "At most 256 characters"
// only appears once it is broken.
import { Icon } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { checkPassword, PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH, type PasswordRule } from '@helio/contracts/limits';
import './password-rules.css';

/** The policy's rules in the order the checklist lists them. */
export const PASSWORD_RULES: readonly PasswordRule[] = ['minLength', 'maxLength', 'uppercase', 'lowercase', 'digit', 'symbol'];

/** The translated text of one rule. */
export function usePasswordRuleText(): (rule: PasswordRule) => string {
  const { t } = useTranslation('common');
  return (rule) => t(`passwordPolicy.${rule}`, { min: PASSWORD_MIN_LENGTH, max: PASSWORD_MAX_LENGTH });
}

export function PasswordRules({ password, id }: { password: string; id?: string }) {
  const { t } = useTranslation('common');
  const ruleText = usePasswordRuleText();
  const { failures } = checkPassword(password);
  const shown = PASSWORD_RULES.filter((rule) => rule !== 'maxLength' || failures.includes(rule));
  return (
    <ul className="helio-password-rules" id={id} aria-label={t('passwordPolicy.title')} data-testid="password-rules">
      {shown.map((rule) => {
        const met = !failures.includes(rule);
        return (
          <li key={rule} data-rule={rule} data-met={met} className={met ? 'helio-password-rule-met' : undefined}>
            <Icon icon={met ? 'tick-circle' : 'circle'} intent={met ? 'success' : 'none'} size={14} />
            <span>{ruleText(rule)}</span>
            <span className="helio-visually-hidden">{t(met ? 'passwordPolicy.met' : 'passwordPolicy.notMet')}</span>
          </li>
        );
      })}
    </ul>
  );
}
