// The OpenAPI document is generated from the registered routes: a well-kept validator accepts it as
// OpenAPI 3.1, and every route of the route table is in it with its schemas and its access.
import { execFileSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { cspReportContract } from '@helio/contracts';
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { startDevices, type DeviceServices } from '../iot';
import { addUser, tenantIdOf, TEST_IDENTITY, tokenFor } from '../iam/test-fixtures';
import { seedDemoData } from '../demo/seed';
import { databaseTargets } from '../testing/databases';
import { testConfig } from '../testing/test-app';
import { buildApp } from './app';
import { OPENAPI_PATH } from './openapi';
import { isApiRoute, routeTableOf } from './route-table';

interface Operation {
  requestBody?: { content: Record<string, { schema: object }> };
  responses: Record<string, { content?: Record<string, { schema: object }> }>;
  'x-permission'?: string;
  'x-module'?: string;
  'x-public'?: boolean;
}
type OpenApiDocument = { openapi: string; paths: Record<string, Record<string, Operation>> };

/** @seriousme/openapi-schema-validator is an ES module: it runs in a child node process. */
function validateOpenApi(document: unknown): { valid: boolean; errors?: unknown } {
  const script = `
    import { Validator } from '@seriousme/openapi-schema-validator';
    let text = '';
    for await (const chunk of process.stdin) text += chunk;
    const result = await new Validator().validate(JSON.parse(text));
    process.stdout.write(JSON.stringify({ valid: result.valid, errors: result.errors }));`;
  const out = execFileSync(process.execPath, ['--input-type=module', '-e', script], { input: JSON.stringify(document), cwd: __dirname });
  return JSON.parse(out.toString()) as { valid: boolean; errors?: unknown };
}

const silent = { info() {}, warn() {}, error() {} };
const target = databaseTargets()[0];

describe('GET /api/openapi.json', () => {
  let db: Kysely<Database>;
  let devices: DeviceServices;
  let app: FastifyInstance;
  let token: string;
  let document: OpenApiDocument;

  beforeAll(async () => {
    db = await target.create();
    await seedDemoData(db);
    const config = testConfig({ mqttPort: 0, simulator: false });
    devices = await startDevices({ db, config, log: silent, clientId: `openapi-${randomUUID().slice(0, 8)}` });
    app = await buildApp({ db, config, devices, identity: TEST_IDENTITY });
    await app.ready();
    token = await tokenFor(db, await addUser(db, await tenantIdOf(db, 'Helio Demo'), { role: 'viewer' }));
    const response = await app.inject({ method: 'GET', url: OPENAPI_PATH, headers: { authorization: `Bearer ${token}` } });
    expect(response.statusCode).toBe(200);
    document = response.json<OpenApiDocument>();
  });

  afterAll(async () => {
    await app?.close();
    await devices?.close();
    await target.destroy();
  });

  it('is refused without a session', async () => {
    expect((await app.inject({ method: 'GET', url: OPENAPI_PATH })).statusCode).toBe(401);
  });

  it('is a valid OpenAPI 3.1 document', () => {
    expect(document.openapi).toBe('3.1.0');
    const result = validateOpenApi(document);
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
  });

  it('has every API route of the route table, with its schemas and the access it declares', () => {
    const routes = routeTableOf(app).filter((r) => isApiRoute(r) && r.url !== OPENAPI_PATH);
    expect(routes.length).toBeGreaterThan(50);
    for (const route of routes) {
      const operation = document.paths[route.url]?.[route.method.toLowerCase()];
      expect({ route: `${route.method} ${route.url}`, present: operation !== undefined }).toEqual({
        route: `${route.method} ${route.url}`,
        present: true,
      });
      if (!operation) continue;
      if (route.config.public) expect(operation['x-public']).toBe(true);
      else expect(operation['x-permission']).toBe(route.config.permission);
      if (route.config.module) expect(operation['x-module']).toBe(route.config.module);
      if (route.url === cspReportContract.path) {
        // browsers' report media types, answered 204 without a body
        for (const type of cspReportContract.consumes) expect(operation.requestBody?.content[type]?.schema).toBeDefined();
        expect(operation.responses[String(cspReportContract.status)]).toBeDefined();
        continue;
      }
      if (route.method === 'POST') expect(operation.requestBody?.content['application/json']?.schema).toBeDefined();
      expect(operation.responses['200']?.content).toBeDefined();
    }
  });

  it('says that the monthly report answers a PDF, not JSON', () => {
    const report = document.paths['/api/reports/monthly'].post;
    expect(Object.keys(report.responses['200']?.content ?? {})).toEqual(['application/pdf']);
    expect(report['x-permission']).toBe('metrics:read');
  });

  it('names the permission and the module of a module route', () => {
    const alerts = document.paths['/api/notifications/alerts/list'].post;
    expect(alerts['x-permission']).toBe('notifications:read');
    expect(alerts['x-module']).toBe('notifications');
  });
});
