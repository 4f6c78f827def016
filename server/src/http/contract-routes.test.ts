// The contract is the registry, and the route table is checked against it: the app registers exactly
// one POST route per endpoint of @helio/contracts' `api`, at /api/<path>, with the contract's access as
// its config, and no other API route than the few listed below (an endpoint without a handler, a
// handler without an endpoint or an access declared anywhere but the contract fails here); and every
// route's schemas are objects of the contract, not copies, looked up by identity among its exports.
import { randomUUID } from 'node:crypto';
import * as contracts from '@helio/contracts';
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { startDevices, type DeviceServices } from '../iot';
import { TEST_IDENTITY } from '../iam/test-fixtures';
import { databaseTargets } from '../testing/databases';
import { testConfig } from '../testing/test-app';
import { buildApp } from './app';
import { isApiRoute, routeTableOf, type RouteEntry } from './route-table';

/** Every schema object the contract exports: its endpoint groups' bodies and answers, and the own contracts of the non-JSON routes. */
function contractSchemas(): Set<unknown> {
  const schemas = new Set<unknown>();
  for (const [name, value] of Object.entries(contracts)) {
    if (!value || typeof value !== 'object') continue;
    if (name.endsWith('Endpoints')) {
      for (const endpoint of Object.values(value as Record<string, contracts.EndpointSchemas>)) {
        schemas.add(endpoint.body);
        schemas.add(endpoint.response);
      }
    }
    if (name.endsWith('Contract')) for (const part of Object.values(value)) if (part && typeof part === 'object') schemas.add(part);
  }
  return schemas;
}

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

describe('the route table against @helio/contracts', () => {
  let db: Kysely<Database>;
  let devices: DeviceServices;
  let app: FastifyInstance;
  let routes: RouteEntry[];

  beforeAll(async () => {
    db = await target.create();
    const config = testConfig({ mqttPort: 0, simulator: false });
    devices = await startDevices({ db, config, log: silent, clientId: `contract-routes-${randomUUID().slice(0, 8)}` });
    app = await buildApp({ db, config, devices, identity: TEST_IDENTITY });
    await app.ready();
    routes = routeTableOf(app).filter(isApiRoute);
  });

  afterAll(async () => {
    await app?.close();
    await devices?.close();
    await target.destroy();
  });

  it('finds every body, querystring and answer schema among the contract’s exported objects', () => {
    const known = contractSchemas();
    // The own contracts that answer no JSON (the live stream, the CSP reports' 204) declare no answer schema.
    const withoutJsonAnswer = new Set(
      Object.entries(contracts)
        .filter(([name, value]) => name.endsWith('Contract') && typeof value === 'object' && value !== null && !('response' in value))
        .map(([, value]) => (value as { path: string }).path),
    );
    const foreign: string[] = [];
    for (const route of routes) {
      const schema = (route.schema ?? {}) as { body?: unknown; querystring?: unknown; response?: Record<string, unknown> };
      const parts: [string, unknown][] = [
        ['body', schema.body],
        ['querystring', schema.querystring],
        ...Object.entries(schema.response ?? {}).map(([status, s]): [string, unknown] => [`response ${status}`, s]),
      ];
      if (route.method === 'POST' && schema.body === undefined) foreign.push(`${route.method} ${route.url}: no body schema`);
      if (schema.response?.['200'] === undefined && !withoutJsonAnswer.has(route.url))
        foreign.push(`${route.method} ${route.url}: no answer schema`);
      for (const [part, value] of parts) {
        const fromContract = known.has(value) || (part !== 'body' && part !== 'querystring' && value === contracts.ErrorResponse);
        if (value !== undefined && !fromContract) foreign.push(`${route.method} ${route.url}: ${part}`);
      }
    }
    expect(foreign).toEqual([]);
  });

  it('would notice a schema written in place', () => {
    const copy = JSON.parse(JSON.stringify(contracts.tagEndpoints['tag/list'].body)) as unknown;
    expect(contractSchemas().has(copy)).toBe(false);
    expect(contractSchemas().has(contracts.tagEndpoints['tag/list'].body)).toBe(true);
  });

  it('registers one route per contract endpoint and no other API route than the listed ones', () => {
    const registered = routes.map((route) => `${route.method} ${route.url}`).sort();
    const expected = [...Object.keys(contracts.api).map((path) => `POST /api/${path}`), ...NOT_JSON_ENDPOINTS].sort();
    expect(registered).toEqual(expected);
  });

  it('gives every contract route the contract’s access, and nothing else decides it', () => {
    for (const route of routes) {
      const path = route.url.slice('/api/'.length);
      if (!(path in contracts.api)) continue;
      const { permission, module, public: isPublic, tenantResources } = route.config;
      expect({ path, access: { permission, module, public: isPublic, tenantResources } }).toEqual({
        path,
        access: {
          permission: undefined,
          module: undefined,
          public: undefined,
          tenantResources: undefined,
          ...contracts.api[path as contracts.ApiPath].access,
        },
      });
    }
  });
});
