// An anonymous caller must not be able to make the server do (or answer) more than a token check,
// and no request body may carry an unbounded list or string: every schema bounds what it accepts.
import type { ErrorBody } from '@helio/contracts';
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { seedDemoData } from '../demo/seed';
import { MAX_VALIDATION_DETAILS } from './error-handler';
import { isApiRoute, routeTableOf } from './route-table';
import { startDevices, type DeviceServices } from '../iot';
import { buildApp } from './app';
import { TEST_IDENTITY, post, tenantIdOf, tokenFor, addUser } from '../iam/test-fixtures';
import { testConfig } from '../testing/test-app';
import { databaseTargets } from '../testing/databases';

type JsonSchema = {
  type?: string | string[];
  items?: unknown;
  properties?: Record<string, unknown>;
  maxItems?: number;
  maxLength?: number;
  enum?: unknown[];
  const?: unknown;
  format?: string;
  [k: string]: unknown;
};

/** Paths inside a request schema to arrays without maxItems and strings without maxLength (or enum). */
function unbounded(schema: unknown, at: string, out: string[]): string[] {
  if (!schema || typeof schema !== 'object') return out;
  const s = schema as JsonSchema;
  const types = [s.type].flat();
  if (types.includes('array') && s.maxItems === undefined) out.push(`${at} (array without maxItems)`);
  if (types.includes('string') && s.maxLength === undefined && s.enum === undefined && s.const === undefined)
    out.push(`${at} (string without maxLength)`);
  for (const [key, value] of Object.entries(s)) {
    if (key === 'properties' && value && typeof value === 'object') {
      for (const [name, sub] of Object.entries(value)) unbounded(sub, `${at}.${name}`, out);
    } else if (key === 'items' || key === 'additionalProperties' || key === 'not') unbounded(value, `${at}[]`, out);
    else if (['anyOf', 'oneOf', 'allOf'].includes(key) && Array.isArray(value))
      value.forEach((sub, i) => unbounded(sub, `${at}|${i}`, out));
  }
  return out;
}

describe.each(databaseTargets())('request amplification on $name', (target) => {
  let db: Kysely<Database>;
  let app: FastifyInstance;
  let devices: DeviceServices;

  beforeAll(async () => {
    db = await target.create();
    await seedDemoData(db);
    // with the device services, so their routes (shadow, live, registry) are walked too
    const config = testConfig({ mqttPort: 0, simulator: false });
    devices = await startDevices({ db, config, log: { info() {}, warn() {}, error() {} }, clientId: `amplification-${Date.now()}` });
    app = await buildApp({ db, config, devices, identity: TEST_IDENTITY });
    await app.ready();
  });
  afterAll(async () => {
    await app.close();
    await devices.close();
    await target.destroy();
  });

  const hugeRole = () => ({ name: 'x', permissions: Array.from({ length: 50_000 }, () => 0) });

  it('answers an anonymous oversized body with a short 401, never a validation report', async () => {
    const response = await post(app, 'iam/roles/create', hugeRole());
    expect(response.statusCode).toBe(401);
    expect(response.body.length).toBeLessThan(500);
  });

  it('reports only the first few validation errors to a signed-in caller', async () => {
    const admin = await addUser(db, await tenantIdOf(db, 'Helio Demo'), { role: 'admin' });
    const response = await post(app, 'iam/roles/create', hugeRole(), { token: await tokenFor(db, admin) });
    expect(response.statusCode).toBe(400);
    const details = response.json<ErrorBody<unknown[]>>().error.details ?? [];
    expect(details.length).toBeGreaterThan(0);
    expect(details.length).toBeLessThanOrEqual(MAX_VALIDATION_DETAILS);
    expect(response.body.length).toBeLessThan(4000);
  });

  it('bounds every array and string of every API request schema', () => {
    const found: string[] = [];
    for (const route of routeTableOf(app).filter(isApiRoute)) {
      for (const part of ['body', 'querystring', 'params'] as const) {
        unbounded(route.schema?.[part], `${route.method} ${route.url} ${part}`, found);
      }
    }
    expect(found).toEqual([]);
  });
});
