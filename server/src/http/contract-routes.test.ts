// Every route's schemas are objects of @helio/contracts, not copies: the test walks the real route
// table and looks each body, querystring and answer schema up by identity among the contract's exports.
import { randomUUID } from 'node:crypto';
import * as contracts from '@helio/contracts';
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { startDevices, type DeviceServices } from '../devices';
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
});
