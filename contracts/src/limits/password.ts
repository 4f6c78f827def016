// The password rule, checked by the server and shown and pre-checked by the browser. Length counts
// characters (code points), not UTF-16 units or bytes.
export const PASSWORD_MIN_LENGTH = 12;
export const PASSWORD_MAX_LENGTH = 256;

/** i18n key of the rule's message; PASSWORD_POLICY_MESSAGE is its English text. */
export const PASSWORD_POLICY_MESSAGE_KEY = 'passwordPolicy';
export const PASSWORD_POLICY_MESSAGE =
  `Password must be ${PASSWORD_MIN_LENGTH} to ${PASSWORD_MAX_LENGTH} characters long and contain an uppercase letter, ` +
  'a lowercase letter, a digit and a symbol';
export const PASSWORD_POLICY_MESSAGES = {
  en: PASSWORD_POLICY_MESSAGE,
  cs:
    `Heslo musí mít ${PASSWORD_MIN_LENGTH} až ${PASSWORD_MAX_LENGTH} znaků a obsahovat velké písmeno, malé písmeno, ` + 'číslici a symbol',
} as const;

export const PASSWORD_RULES = ['minLength', 'maxLength', 'uppercase', 'lowercase', 'digit', 'symbol'] as const;
export type PasswordRule = (typeof PASSWORD_RULES)[number];

export interface PasswordCheck {
  ok: boolean;
  /** The rules the password breaks, in a fixed order; empty when ok. */
  failures: PasswordRule[];
}

const HOLDS: Record<PasswordRule, (password: string, length: number) => boolean> = {
  minLength: (_, length) => length >= PASSWORD_MIN_LENGTH,
  maxLength: (_, length) => length <= PASSWORD_MAX_LENGTH,
  uppercase: (password) => /\p{Lu}/u.test(password),
  lowercase: (password) => /\p{Ll}/u.test(password),
  digit: (password) => /\p{Nd}/u.test(password),
  // A symbol is anything that is neither a letter, a digit nor white space: '-', '!', '€', '_'…
  symbol: (password) => /[^\p{L}\p{N}\s]/u.test(password),
};

export function checkPassword(password: string): PasswordCheck {
  const length = [...password].length;
  const failures = PASSWORD_RULES.filter((rule) => !HOLDS[rule](password, length));
  return { ok: failures.length === 0, failures };
}
