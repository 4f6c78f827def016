// Password hashing with scrypt from node:crypto. The stored form carries its parameters, so the cost
// can be raised later without invalidating existing hashes.
import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';

export interface ScryptCost {
  N: number;
  r: number;
  p: number;
}

/** About 50 ms a hash here. */
export const PRODUCTION_COST: ScryptCost = { N: 2 ** 15, r: 8, p: 1 };

/**
 * The cost new hashes get: the production cost, except in jest's workers (JEST_WORKER_ID is set
 * there and nowhere else), whose suites hash thousands of passwords. The stored form carries its
 * parameters, so hashing and checking run the same code at either cost.
 */
export function scryptCost(env: Record<string, string | undefined>): ScryptCost {
  return env.JEST_WORKER_ID === undefined ? PRODUCTION_COST : { N: 2 ** 10, r: 8, p: 1 };
}

/** The cost of new hashes in this process: config.passwordCost, set once at start (main.ts, jest's setup). */
let newHashCost: ScryptCost = PRODUCTION_COST;

export function usePasswordCost(cost: ScryptCost): void {
  newHashCost = cost;
}
const KEY_LENGTH = 32;
const SALT_BYTES = 16;

function derive(password: string, salt: Buffer, options: ScryptOptions, length: number): Promise<Buffer> {
  return new Promise((resolve, reject) =>
    scrypt(password.normalize('NFKC'), salt, length, options, (error, key) => (error ? reject(error) : resolve(key))),
  );
}

function maxmem(N: number, r: number): number {
  return 256 * N * r; // twice what scrypt needs (128·N·r), the rest is headroom
}

/** `scrypt$N$r$p$salt$hash` with base64url salt and hash. */
export async function hashPassword(password: string, cost: ScryptCost = newHashCost): Promise<string> {
  const salt = randomBytes(SALT_BYTES);
  const key = await derive(password, salt, { ...cost, maxmem: maxmem(cost.N, cost.r) }, KEY_LENGTH);
  return ['scrypt', cost.N, cost.r, cost.p, salt.toString('base64url'), key.toString('base64url')].join('$');
}

/** Stored where no password may ever work (an invitation's placeholder): it is no scrypt hash, so nothing matches it. */
export const UNUSABLE_PASSWORD_HASH = '!';

/** Constant-time comparison; a malformed stored hash never matches. */
export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, n, r, p, salt, hash] = stored.split('$');
  if (scheme !== 'scrypt' || !salt || !hash) return false;
  const N = Number(n);
  const R = Number(r);
  const P = Number(p);
  if (![N, R, P].every((v) => Number.isInteger(v) && v > 0)) return false;
  const expected = Buffer.from(hash, 'base64url');
  const actual = await derive(password, Buffer.from(salt, 'base64url'), { N, r: R, p: P, maxmem: maxmem(N, R) }, expected.length);
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}

let decoy: Promise<string> | undefined;

/**
 * A hash of a random secret, verified against when the user does not exist so that an unknown
 * username costs the same scrypt time as a wrong password (no account enumeration by timing).
 */
export function decoyHash(): Promise<string> {
  decoy ??= hashPassword(randomBytes(32).toString('base64url'));
  return decoy;
}
