// Per-plant gateway credentials: username `gw-<thingName>` and a random password that is shown once
// (to whoever provisions the gateway) and stored only as hashes. Both brokers are told who may do what:
// a gateway only its own topics (see broker-acl.ts), the server everything.
import { pbkdf2, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Kysely } from 'kysely';
import { inTransaction } from '../../db/dialect';
import type { Database } from '../../db/schema';
import { decoyHash, hashPassword, verifyPassword } from '../../auth/passwords';

export const GATEWAY_USERNAME_PREFIX = 'gw-';

export const gatewayUsername = (thingName: string): string => `${GATEWAY_USERNAME_PREFIX}${thingName}`;

/** The thing name in a gateway username, or undefined when it is not one. */
export function thingNameOfUsername(username: string): string | undefined {
  return username.startsWith(GATEWAY_USERNAME_PREFIX) && username.length > GATEWAY_USERNAME_PREFIX.length
    ? username.slice(GATEWAY_USERNAME_PREFIX.length)
    : undefined;
}

/** 192 random bits: no dictionary can reach it, so a fast broker-side hash is no weakness. */
export function newGatewayPassword(): string {
  return randomBytes(24).toString('base64url');
}

// Mosquitto 2 reads `$7$<iterations>$<base64 salt>$<base64 PBKDF2-SHA512>` (what mosquitto_passwd writes).
const MOSQUITTO_ITERATIONS = 1000;
const MOSQUITTO_SALT_BYTES = 12;

function pbkdf2Sha512(password: string, salt: Buffer, iterations: number): Promise<Buffer> {
  return new Promise((resolve, reject) =>
    pbkdf2(password, salt, iterations, 64, 'sha512', (error, key) => (error ? reject(error) : resolve(key))),
  );
}

export async function mosquittoHash(password: string): Promise<string> {
  const salt = randomBytes(MOSQUITTO_SALT_BYTES);
  const key = await pbkdf2Sha512(password, salt, MOSQUITTO_ITERATIONS);
  return `$7$${MOSQUITTO_ITERATIONS}$${salt.toString('base64')}$${key.toString('base64')}`;
}

/** Verifies a `$7$` hash the way Mosquitto does (used by tests to cross-check mosquitto_passwd). */
export async function verifyMosquittoHash(password: string, stored: string): Promise<boolean> {
  const [, scheme, iterations, salt, hash] = stored.split('$');
  if (scheme !== '7' || !salt || !hash || !/^\d+$/.test(iterations ?? '')) return false;
  const expected = Buffer.from(hash, 'base64');
  const actual = await pbkdf2Sha512(password, Buffer.from(salt, 'base64'), Number(iterations));
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}

/**
 * Gives the plant a new random gateway password (creating its credentials if it had none) and answers
 * it: the only moment it exists in clear. Hashing happens before the write, outside any transaction.
 * `change` (the change the login belongs to: a new plant, an audit entry) is written first in the
 * login's transaction, so neither is stored without the other.
 */
export async function setNewGatewayPassword(
  db: Kysely<Database>,
  plant: { id: string; thing_name: string },
  change?: (trx: Kysely<Database>) => Promise<void>,
): Promise<{ username: string; password: string }> {
  const username = gatewayUsername(plant.thing_name);
  const password = newGatewayPassword();
  const values = {
    username,
    password_hash: await hashPassword(password),
    mosquitto_hash: await mosquittoHash(password),
    updated_at: new Date().toISOString(),
  };
  await inTransaction(db, async (trx) => {
    if (change) await change(trx);
    await trx
      .insertInto('gateway_credentials')
      .values({ plant_id: plant.id, ...values })
      .onConflict((oc) => oc.column('plant_id').doUpdateSet(values))
      .execute();
  });
  return { username, password };
}

/** The thing name a gateway login belongs to, or undefined for a wrong username or password. */
export async function verifyGatewayLogin(db: Kysely<Database>, username: string, password: string): Promise<string | undefined> {
  const row = await db
    .selectFrom('gateway_credentials')
    .innerJoin('plants', 'plants.id', 'gateway_credentials.plant_id')
    .select(['plants.thing_name', 'gateway_credentials.password_hash'])
    .where('gateway_credentials.username', '=', username)
    .executeTakeFirst();
  // An unknown username costs the same scrypt time as a wrong password.
  const ok = await verifyPassword(password, row?.password_hash ?? (await decoyHash()));
  return ok && row && gatewayUsername(row.thing_name) === username ? row.thing_name : undefined;
}

/** Whether a gateway password is still the current one (the in-process simulator checks its keystore). */
export async function gatewayPasswordIsCurrent(db: Kysely<Database>, thingName: string, password: string): Promise<boolean> {
  return (await verifyGatewayLogin(db, gatewayUsername(thingName), password)) === thingName;
}
