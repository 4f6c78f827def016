// The policy's rules in the order the form lists them, and a guard for rule names the server sends.
import type { PasswordRule } from './password-policy';

export const PASSWORD_RULES: readonly PasswordRule[] = ['minLength', 'maxLength', 'uppercase', 'lowercase', 'digit', 'symbol'];

export function isPasswordRule(value: unknown): value is PasswordRule {
  return PASSWORD_RULES.some((rule) => rule === value);
}
