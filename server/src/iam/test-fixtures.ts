// Apps, users and tokens for the identity and access test suites, written the way the server writes them.
import type { ErrorBody } from '@helio/contracts';
import { randomUUID } from 'node:crypto';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database, PlantRole, Role } from '../db/schema';
import { buildApp } from '../http/app';
import type { IdentityConfig } from '../auth/identity-config';
import { hashPassword } from '../auth/passwords';
import { createTokenService } from '../auth/tokens';
import { testConfig } from '../testing/test-app';
import { MODULE_KEYS } from '@helio/contracts';
import type { Permission } from './permissions';

export const TEST_IDENTITY: IdentityConfig = {
  mailFrom: 'Helio EMS <no-reply@helio.test>',
  trustProxy: false,
  publicUrl: 'https://ems.test',
};

export function createIdentityApp(db: Kysely<Database>, identity: Partial<IdentityConfig> = {}): Promise<FastifyInstance> {
  return buildApp({ db, config: testConfig(), identity: { ...TEST_IDENTITY, ...identity } });
}

export async function tenantIdOf(db: Kysely<Database>, name: string): Promise<string> {
  return (await db.selectFrom('tenants').select('id').where('name', '=', name).executeTakeFirstOrThrow()).id;
}

/** The id of the real account of `email` (not an invitation's placeholder for it). */
export async function userIdOf(db: Kysely<Database>, email: string): Promise<string> {
  return (await db.selectFrom('users').select('id').where('email', '=', email).where('placeholder', '=', 0).executeTakeFirstOrThrow()).id;
}

export interface TestUser {
  id: string;
  email: string;
  password: string;
  tenantId: string;
}

/** A seeded account (the demo data's), for tokens: its password is not known here. */
export async function seededUser(db: Kysely<Database>, email: string): Promise<TestUser> {
  const row = await db
    .selectFrom('users')
    .select(['id', 'tenant_id'])
    .where('email', '=', email)
    .where('placeholder', '=', 0)
    .executeTakeFirstOrThrow();
  return { id: row.id, email, password: '', tenantId: row.tenant_id };
}

export interface NewUser {
  role?: Role;
  customRoleId?: string | null;
  modules?: readonly string[];
  password?: string;
  status?: 'active' | 'disabled';
  locale?: 'cs' | 'en';
  temporaryUntil?: Date | null;
}

export async function addUser(db: Kysely<Database>, tenantId: string, spec: NewUser = {}): Promise<TestUser> {
  const id = randomUUID();
  const email = `user-${id.slice(0, 8)}@helio.test`;
  const password = spec.password ?? 'Test-password-2024!';
  await db
    .insertInto('users')
    .values({
      id,
      tenant_id: tenantId,
      email,
      name: 'Test',
      family_name: `User ${id.slice(0, 4)}`,
      picture: null,
      password_hash: await hashPassword(password),
      role: spec.customRoleId ? 'viewer' : (spec.role ?? 'viewer'),
      custom_role_id: spec.customRoleId ?? null,
      modules: JSON.stringify(spec.modules ?? MODULE_KEYS),
      locale: spec.locale ?? 'en',
      preferences: '{}',
      status: spec.status ?? 'active',
      temporary_password_expires_at: spec.temporaryUntil ? spec.temporaryUntil.toISOString() : null,
      created_at: new Date().toISOString(),
    })
    .execute();
  return { id, email, password, tenantId };
}

/**
 * Gives a user every plant their tenant has now, as the demo seed gives its operator and viewer theirs
 * (tenant owners and admins need none: they see every plant).
 */
export async function giveTenantPlants(db: Kysely<Database>, userId: string, tenantId: string, role: PlantRole = 'viewer'): Promise<void> {
  const plants = await db.selectFrom('plants').select('id').where('tenant_id', '=', tenantId).execute();
  const now = new Date().toISOString();
  if (plants.length > 0) {
    await db
      .insertInto('plant_access')
      .values(plants.map((p) => ({ plant_id: p.id, user_id: userId, role, created_at: now, updated_at: now })))
      .onConflict((oc) => oc.columns(['plant_id', 'user_id']).doNothing())
      .execute();
  }
}

export async function addRole(db: Kysely<Database>, tenantId: string, name: string, permissions: readonly Permission[]): Promise<string> {
  const id = randomUUID();
  const now = new Date().toISOString();
  await db
    .insertInto('roles')
    .values({
      id,
      tenant_id: tenantId,
      name,
      name_key: name.toLowerCase(),
      description: '',
      permissions: JSON.stringify(permissions),
      created_at: now,
      updated_at: now,
    })
    .execute();
  return id;
}

/** An ID token for the user as sign-in issues it (optionally at another time, or for a session). */
export async function tokenFor(
  db: Kysely<Database>,
  user: TestUser,
  options: { now?: () => number; sessionId?: string } = {},
): Promise<string> {
  const tokens = await createTokenService(db, { now: options.now });
  const subject = { id: user.id, email: user.email, tenantId: user.tenantId };
  return (await tokens.issue(options.sessionId ? { ...subject, sessionId: options.sessionId } : subject)).idToken;
}

/** POST /api/<path> from a given client address, with an optional bearer token and cookie. */
export function post(
  app: FastifyInstance,
  path: string,
  body: object,
  options: { token?: string; address?: string; cookie?: string; userAgent?: string; device?: string } = {},
): Promise<LightMyRequestResponse> {
  return app.inject({
    method: 'POST',
    url: `/api/${path}`,
    payload: body,
    remoteAddress: options.address ?? '127.0.0.1',
    headers: {
      ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
      ...(options.userAgent ? { 'user-agent': options.userAgent } : {}),
    },
    cookies: { ...(options.cookie ? { helio_refresh: options.cookie } : {}), ...(options.device ? { helio_device: options.device } : {}) },
  });
}

/** A client address no other test uses, so the per-address lockout of one test never touches another. */
export function freshAddress(): string {
  const n = randomUUID().replace(/-/g, '');
  return `10.${parseInt(n.slice(0, 2), 16)}.${parseInt(n.slice(2, 4), 16)}.${parseInt(n.slice(4, 6), 16)}`;
}

export async function mailsTo(db: Kysely<Database>, to: string) {
  return db.selectFrom('outbox').selectAll().where('to', '=', to).orderBy('created_at').execute();
}

export function errorCode(response: LightMyRequestResponse): string | undefined {
  return response.json<Partial<ErrorBody>>().error?.code;
}
