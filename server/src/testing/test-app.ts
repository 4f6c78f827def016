// Builds the real app over a test database, and signs in the way the console does.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import type { Kysely } from 'kysely';
import { loadConfig, type Config } from '../config';
import type { Database } from '../db/schema';
import { buildApp } from '../http/app';
import { REFRESH_COOKIE } from '../auth/auth-routes';

/** The configuration of `npm start` in a fresh data directory, without simulated history unless asked for. */
export function testConfig(overrides: Partial<Config> = {}): Config {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'helio-app-'));
  return { ...loadConfig({ DATA_DIR: dataDir, PUBLIC_DIR: path.join(dataDir, 'public') }), simHistoryDays: 0, ...overrides };
}

export function createTestApp(db: Kysely<Database>, overrides: Partial<Config> = {}): Promise<FastifyInstance> {
  return buildApp({ db, config: testConfig(overrides) });
}

export interface SignedIn {
  idToken: string;
  accessToken: string;
  refreshCookie: string;
}

export function refreshCookieOf(response: LightMyRequestResponse): string | undefined {
  return response.cookies.find((c) => c.name === REFRESH_COOKIE)?.value;
}

export async function signIn(app: FastifyInstance, username: string, password: string): Promise<SignedIn> {
  const response = await app.inject({ method: 'POST', url: '/api/auth/sign-in', payload: { username, password } });
  if (response.statusCode !== 200) throw new Error(`sign-in failed: ${response.statusCode} ${response.body}`);
  const { idToken, accessToken } = response.json<{ idToken: string; accessToken: string }>();
  const refreshCookie = refreshCookieOf(response);
  if (!refreshCookie) throw new Error('sign-in set no refresh cookie');
  return { idToken, accessToken, refreshCookie };
}

/** POST /api/<path> with the bearer ID token, like the console's apiPost. */
export function apiPost(app: FastifyInstance, apiPath: string, body: unknown, idToken?: string) {
  return app.inject({
    method: 'POST',
    url: `/api/${apiPath}`,
    payload: body as object,
    headers: idToken ? { authorization: `Bearer ${idToken}` } : {},
  });
}
