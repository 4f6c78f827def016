// Temporary passwords for invited users: random, and always within the password policy, so the
// invited user's first sign-in is never refused by the rule they have not seen yet.
import { randomInt } from 'node:crypto';

export const TEMPORARY_PASSWORD_LIFETIME_MS = 7 * 24 * 60 * 60 * 1000;

// No look-alikes (0/O, 1/l/I): the password is typed from a mail.
const UPPER = 'ABCDEFGHJKLMNPQRSTUVWXYZ';
const LOWER = 'abcdefghijkmnopqrstuvwxyz';
const DIGITS = '23456789';
const SYMBOLS = '!#%+-=?@_';
const ALL = UPPER + LOWER + DIGITS + SYMBOLS;
const LENGTH = 16;

const pick = (alphabet: string) => alphabet.charAt(randomInt(alphabet.length));

export function generateTemporaryPassword(): string {
  const chars = [pick(UPPER), pick(LOWER), pick(DIGITS), pick(SYMBOLS)];
  while (chars.length < LENGTH) chars.push(pick(ALL));
  for (let i = chars.length - 1; i > 0; i--) {
    const j = randomInt(i + 1);
    [chars[i], chars[j]] = [chars[j] ?? '', chars[i] ?? ''];
  }
  return chars.join('');
}
