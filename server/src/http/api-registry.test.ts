// The contract is the registry: the app registers exactly one POST route per endpoint of @helio/contracts'
// `api`, at /api/<path>, with the contract's access as its config, and no other API route than the few
// listed below. An endpoint without a handler, a handler without an endpoint or an access declared
// anywhere but the contract fails here.
import { randomUUID } from 'node:crypto';
import { api, type ApiPath } from '@helio/contracts';
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { startDevices, type DeviceServices } from '../devices';
import { TEST_IDENTITY } from '../iam/test-fixtures';
import { databaseTargets } from '../testing/databases';
import { testConfig } from '../testing/test-app';
import { buildApp } from './app';
import { isApiRoute, routeTableOf, type RouteEntry } from './route-table';

/** API routes outside the contract's `api`, each with its own contract object or none, and why. */
const NOT_JSON_ENDPOINTS = [
  // a load balancer's probe: a GET without a body, answered before anything else is up (health/routes.ts)
  'GET /api/health',
  // browsers' CSP violation reports: report media types, answered 204 without a body (cspReportContract)
  'POST /api/csp-reports',
  // the live stream: server-sent events on a GET with a query string (liveContract)
  'GET /api/live',
  // the OpenAPI document generated from the registered routes themselves (openApiContract)
  'GET /api/openapi.json',
];

const silent = { info() {}, warn() {}, error() {} };
const target = databaseTargets()[0];

describe('the registered API routes against the contract', () => {
  let db: Kysely<Database>;
  let devices: DeviceServices;
  let app: FastifyInstance;
  let routes: RouteEntry[];

  beforeAll(async () => {
    db = await target.create();
    const config = testConfig({ mqttPort: 0, simulator: false });
    devices = await startDevices({ db, config, log: silent, clientId: `api-registry-${randomUUID().slice(0, 8)}` });
    app = await buildApp({ db, config, devices, identity: TEST_IDENTITY });
    await app.ready();
    routes = routeTableOf(app).filter(isApiRoute);
  });

  afterAll(async () => {
    await app?.close();
    await devices?.close();
    await target.destroy();
  });

  it('registers one route per contract endpoint and no other API route than the listed ones', () => {
    const registered = routes.map((route) => `${route.method} ${route.url}`).sort();
    const expected = [...Object.keys(api).map((path) => `POST /api/${path}`), ...NOT_JSON_ENDPOINTS].sort();
    expect(registered).toEqual(expected);
  });

  it('gives every contract route the contract’s access, and nothing else decides it', () => {
    for (const route of routes) {
      const path = route.url.slice('/api/'.length);
      if (!(path in api)) continue;
      const { permission, module, public: isPublic, tenantResources } = route.config;
      expect({ path, access: { permission, module, public: isPublic, tenantResources } }).toEqual({
        path,
        access: { permission: undefined, module: undefined, public: undefined, tenantResources: undefined, ...api[path as ApiPath].access },
      });
    }
  });
});
