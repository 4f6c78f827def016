// A guard for the rule names the server sends (the checklist's rules live in shared-utils).
import { PASSWORD_RULES } from '@helio/shared-utils';
import type { PasswordRule } from '@helio/contracts/limits';

export function isPasswordRule(value: unknown): value is PasswordRule {
  return PASSWORD_RULES.some((rule) => rule === value);
}
