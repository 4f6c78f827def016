// Every POST route of the real route table, called by a signed-in owner with bodies made from the
// route's own schema but wrong (types, missing and unknown fields, huge strings and arrays, deep
// nesting, odd unicode, numbers at the limits): the server answers each with a 4xx, never a 5xx, the
// refusal stays small, and a refused body writes nothing.
import type { FastifyInstance } from 'fastify';
import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { tenantIdOf, tokenFor, userIdOf } from '../iam/test-fixtures';
import { startSession } from '../auth/sessions';
import { databaseTargets } from '../testing/databases';
import { startDemoApp, type DemoApp } from '../testing/demo-app';
import { fuzzBodies } from './fuzz-bodies';
import { routeName, type JsonSchema } from './route-probes';
import { isApiRoute, routeTableOf, type RouteEntry } from './route-table';

/** A refusal names what is wrong; it never echoes a body back at the size it came in. */
const MAX_REFUSAL_BYTES = 16 * 1024;
/**
 * Routes whose refusals are themselves recorded, on purpose: failed sign-ins and reset requests are
 * counted to throttle guessing, and a refused price upload is listed with its errors on the sources page.
 */
/**
 * The routes are fuzzed in parts, each a test with its own time bound: some 19,000 requests in all,
 * 40 s on a quiet machine but over 10 minutes beside a build, the journeys and three other workers.
 */
const PARTS = 4;

const COUNTS_REFUSALS = [
  'POST /api/auth/sign-in',
  'POST /api/auth/forgot-password',
  'POST /api/auth/confirm-forgot-password',
  'POST /api/integration/spot/upload',
];

/**
 * Row counts of every table of this test's database, read in one statement. On PostgreSQL only its
 * own schema is read (other suites make and drop schemas of their own meanwhile).
 */
async function fingerprinter(db: Kysely<Database>, postgres: boolean): Promise<() => Promise<string>> {
  const tables = postgres
    ? sql<{
        name: string;
      }>`select table_name as name from information_schema.tables where table_schema = current_schema() and table_type = 'BASE TABLE'`
    : sql<{ name: string }>`select name from sqlite_master where type = 'table' and name not like 'sqlite_%'`;
  const names = (await tables.execute(db)).rows.map((r) => r.name).sort((a, b) => a.localeCompare(b));
  const counts = sql.join(
    names.map((name) => sql`select ${name} as name, count(*) as n from ${sql.table(name)}`),
    sql` union all `,
  );
  return async () => {
    const { rows } = await sql<{ name: string; n: number | string }>`${counts}`.execute(db);
    return rows.map((r) => `${r.name}=${r.n}`).join(' ');
  };
}

describe.each(databaseTargets())('the API under fuzzed bodies on $name', (target) => {
  let db: Kysely<Database>;
  let demo: DemoApp;
  let app: FastifyInstance;
  let routes: RouteEntry[];
  let fingerprint: () => Promise<string>;
  let freshToken: () => Promise<string>;

  beforeAll(async () => {
    db = await target.create();
    demo = await startDemoApp(db, 'route-fuzz');
    app = demo.app;
    routes = routeTableOf(app).filter((r) => isApiRoute(r) && r.method === 'POST' && r.schema?.body !== undefined);
    fingerprint = await fingerprinter(db, target.name === 'postgres');
    const owner = {
      id: await userIdOf(db, 'admin@helio.local'),
      email: 'admin@helio.local',
      password: '',
      tenantId: await tenantIdOf(db, 'Helio Demo'),
    };
    // A session of its own for each route: a body that signs out or revokes must not blind the rest.
    freshToken = async () =>
      tokenFor(db, owner, { sessionId: (await startSession(db, owner.id, { userAgent: null, address: null })).sessionId });
  });

  afterAll(async () => {
    await demo.close();
    await target.destroy();
  });

  it('refuses a caller without a token before reading the body: a short 401 even for a huge bad body', async () => {
    const wrong: string[] = [];
    for (const route of routes.filter((r) => r.config.public !== true)) {
      const body = JSON.stringify({ flood: Array.from({ length: 50_000 }, () => 0) });
      const response = await app.inject({ method: 'POST', url: route.url, payload: body, headers: { 'content-type': 'application/json' } });
      if (response.statusCode !== 401 || response.rawPayload.length > 1024)
        wrong.push(`${routeName(route)}: ${response.statusCode}, ${response.rawPayload.length} bytes`);
    }
    expect(wrong).toEqual([]);
  });

  it.each(Array.from({ length: PARTS }, (_, i) => i + 1))(
    `answers every bad body with a small 4xx and writes nothing for it (routes, part %i of ${PARTS})`,
    async (part) => {
      expect(routes.length).toBeGreaterThan(50);
      const wrong: string[] = [];
      for (const route of routes.filter((_, i) => i % PARTS === part - 1)) {
        const token = await freshToken();
        const before = await fingerprint();
        let accepted = false;
        for (const { name, body } of fuzzBodies(route.schema?.body as JsonSchema)) {
          const response = await app.inject({
            method: 'POST',
            url: route.url,
            payload: JSON.stringify(body),
            headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
          });
          const status = response.statusCode;
          if (status >= 500) wrong.push(`${routeName(route)} with ${name}: ${status} ${response.body.slice(0, 200)}`);
          else if (status >= 400 && response.rawPayload.length > MAX_REFUSAL_BYTES)
            wrong.push(`${routeName(route)} with ${name}: a ${response.rawPayload.length}-byte refusal`);
          else if (status < 300) accepted = true;
        }
        // A case the schema lets through may rightly write (an unknown field, a long valid name);
        // where every case was refused, nothing may have changed (but for the routes that record refusals).
        if (!accepted && !COUNTS_REFUSALS.includes(routeName(route)) && (await fingerprint()) !== before)
          wrong.push(`${routeName(route)}: refused bodies changed the database`);
      }
      expect(wrong).toEqual([]);
    },
    600_000,
  );
});
