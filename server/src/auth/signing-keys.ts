// The ES256 key pair that signs our tokens. It lives in the database so every replica signs and
// verifies with the same keys; the first process to start creates it.
import { calculateJwkThumbprint, createLocalJWKSet, errors, exportJWK, generateKeyPair, importJWK } from 'jose';
import type { JSONWebKeySet, JWK, JWTVerifyGetKey, KeyLike } from 'jose';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';

export const TOKEN_ALG = 'ES256';
const UNKNOWN_KID_RELOAD_MS = 10_000;

export interface KeyRing {
  /** Key id of the key new tokens are signed with. */
  readonly kid: string;
  readonly privateKey: KeyLike;
  /** Public keys, served as the JWKS document. */
  jwks(): JSONWebKeySet;
  /** jose key resolver for jwtVerify; looks a token's kid up, reloading once from the database if unknown. */
  readonly verificationKey: JWTVerifyGetKey;
}

async function readPublicKeys(db: Kysely<Database>) {
  const rows = await db
    .selectFrom('signing_keys')
    .select(['kid', 'private_jwk', 'public_jwk', 'alg', 'created_at'])
    .where('alg', '=', TOKEN_ALG)
    .orderBy('created_at')
    .orderBy('kid')
    .execute();
  const keys = rows.map((row) => ({ ...(JSON.parse(row.public_jwk) as JWK), kid: row.kid, alg: TOKEN_ALG, use: 'sig' }));
  return { rows, jwks: { keys } };
}

async function createKey(db: Kysely<Database>): Promise<void> {
  const { publicKey, privateKey } = await generateKeyPair(TOKEN_ALG, { extractable: true });
  const publicJwk = await exportJWK(publicKey);
  const kid = await calculateJwkThumbprint(publicJwk);
  await db
    .insertInto('signing_keys')
    .values({
      kid,
      private_jwk: JSON.stringify(await exportJWK(privateKey)),
      public_jwk: JSON.stringify(publicJwk),
      alg: TOKEN_ALG,
      created_at: new Date().toISOString(),
    })
    .onConflict((oc) => oc.column('kid').doNothing())
    .execute();
}

export async function loadKeyRing(db: Kysely<Database>): Promise<KeyRing> {
  let loaded = await readPublicKeys(db);
  if (loaded.rows.length === 0) {
    await createKey(db);
    loaded = await readPublicKeys(db);
  }
  // Replicas racing on first start may each insert a key; all sign with the oldest, all verify any.
  const signing = loaded.rows[0];
  if (!signing) throw new Error('No token signing key could be created');
  const privateKey = (await importJWK(JSON.parse(signing.private_jwk) as JWK, TOKEN_ALG)) as KeyLike;

  let jwks: JSONWebKeySet = loaded.jwks;
  let resolve = createLocalJWKSet(jwks);
  let reloadedAt = 0;

  const verificationKey: JWTVerifyGetKey = async (header, token) => {
    try {
      return await resolve(header, token);
    } catch (error) {
      const unknownKid = error instanceof errors.JWKSNoMatchingKey && header.alg === TOKEN_ALG;
      if (!unknownKid || Date.now() - reloadedAt < UNKNOWN_KID_RELOAD_MS) throw error;
      reloadedAt = Date.now();
      jwks = (await readPublicKeys(db)).jwks;
      resolve = createLocalJWKSet(jwks);
      return resolve(header, token);
    }
  };

  return { kid: signing.kid, privateKey, jwks: () => jwks, verificationKey };
}
