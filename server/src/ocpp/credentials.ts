// Security profile 1: a charger signs in with HTTP Basic (its charge point id and a password). The
// password is random, shown once when it is set and stored only as an scrypt hash, like a gateway's.
// Chargers reconnect often (every network blip, every server restart), and 1,000 reconnecting at
// once would cost a minute of scrypt: a verified password is remembered as its SHA-256 digest beside
// the hash it matched, so the next sign-in with the same password against the same stored hash is
// one lookup. A new password (a new hash) forgets it.
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Kysely } from 'kysely';
import { inTransaction } from '../db/dialect';
import type { Database } from '../db/schema';
import { BoundedMap } from '../cache/bounded-map';
import { decoyHash, hashPassword, verifyPassword } from '../auth/passwords';
import { ocppDb } from './tables';

/**
 * 20 random bytes as 40 hexadecimal digits: what OCPP's AuthorizationKey holds (16–20 bytes, written
 * as hex), so the same password can be configured on the charger either way.
 */
export function newChargerPassword(): string {
  return randomBytes(20).toString('hex');
}

/**
 * Stores a new password for the charger and answers it (the only time it exists in clear); `change`
 * runs in the update's transaction (an audit entry), after the hash is made.
 */
export async function setNewChargerPassword(
  db: Kysely<Database>,
  chargerId: string,
  change?: (trx: Kysely<Database>) => Promise<void>,
): Promise<string> {
  const password = newChargerPassword();
  const hash = await hashPassword(password);
  await inTransaction(db, async (trx) => {
    await ocppDb(trx).updateTable('chargers').set({ password_hash: hash }).where('id', '=', chargerId).execute();
    await change?.(trx);
  });
  return password;
}

const digest = (password: Buffer) => createHash('sha256').update(password).digest();

export interface ChargerLogin {
  id: string;
  plantId: string;
  thingName: string;
  name: string;
}

/** Verified logins: charger id → the stored hash and the digest of the password that matched it. */
const MAX_REMEMBERED = 100_000;

export class ChargerAuthenticator {
  private readonly verified: BoundedMap<string, { hash: string; digest: Buffer }>;
  /** Sign-ins that ran scrypt (tests and the bench count them). */
  scryptRuns = 0;

  /** `remember`: the logins kept (MAX_REMEMBERED; a test sets a few), the least recently used going first. */
  constructor(
    private readonly db: Kysely<Database>,
    remember = MAX_REMEMBERED,
  ) {
    this.verified = new BoundedMap(remember);
  }

  /** How many chargers' verified logins are kept. */
  remembered(): number {
    return this.verified.size;
  }

  /** The charger, or undefined for an unknown id, a charger without a password or a wrong password. */
  async verify(chargePointId: string, password: Buffer | undefined): Promise<ChargerLogin | undefined> {
    const row = await ocppDb(this.db)
      .selectFrom('chargers')
      .select(['id', 'plant_id', 'thing_name', 'name', 'password_hash'])
      .where('charge_point_id', '=', chargePointId)
      .executeTakeFirst();
    const login = row ? { id: row.id, plantId: row.plant_id, thingName: row.thing_name, name: row.name } : undefined;
    const given = password ?? Buffer.alloc(0);
    const remembered = row?.password_hash ? this.verified.get(row.id) : undefined;
    if (row && remembered && remembered.hash === row.password_hash) {
      const d = digest(given);
      return timingSafeEqual(d, remembered.digest) ? login : undefined;
    }
    // An unknown id, or one without a password, costs the same scrypt time as a wrong password.
    this.scryptRuns++;
    const ok = await verifyPassword(given.toString('utf8'), row?.password_hash ?? (await decoyHash()));
    if (!ok || !row?.password_hash || !login) return undefined;
    this.verified.set(row.id, { hash: row.password_hash, digest: digest(given) });
    return login;
  }
}
