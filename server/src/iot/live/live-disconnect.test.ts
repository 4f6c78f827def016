// A client that goes while its stream's access is being checked: the route is given a database whose
// answers a gate holds back, the client disconnects while the check waits on it, and once the answer
// comes nothing is left of the stream: no hub subscription, no ping timer, no count against the user.
import Fastify, { type FastifyInstance } from 'fastify';
import type {
  Kysely,
  KyselyPlugin,
  PluginTransformQueryArgs,
  PluginTransformResultArgs,
  QueryResult,
  RootOperationNode,
  UnknownRow,
} from 'kysely';
import { randomUUID } from 'node:crypto';
import http, { type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Database } from '../../db/schema';
import { installAccessControl } from '../../iam/access-hook';
import { createAuthenticator, installAuthentication } from '../../http/auth';
import { installErrorHandler } from '../../http/error-handler';
import { createTokenService } from '../../auth/tokens';
import { databaseTargets, type TestDatabase } from '../../testing/databases';
import { LiveHub, MAX_LIVE_STREAMS_PER_USER, registerLiveRoute } from './live';
import { ShadowStore } from '../shadows/shadow-store';
import { insertPlant, insertTenant, userWithToken } from '../test-fixtures';
import { until } from '../../testing/until';
import { processBus } from '../../cluster/start-bus';
import { PlantLookup } from '../../plants/access';

/** Holds every query's answer while closed; counts the answers it holds. */
class AnswerGate implements KyselyPlugin {
  held = 0;
  private opened: Promise<void> | undefined;
  private release: (() => void) | undefined;
  close(): void {
    this.opened = new Promise((resolve) => (this.release = resolve));
  }
  open(): void {
    this.release?.();
    this.opened = undefined;
  }
  transformQuery(args: PluginTransformQueryArgs): RootOperationNode {
    return args.node;
  }
  async transformResult(args: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
    if (this.opened) {
      this.held++;
      await this.opened;
    }
    return args.result;
  }
}

const PING_MS = 4321; // told apart from any other interval by its period

describe('a live stream whose client goes during the access check', () => {
  const target = databaseTargets()[0] as TestDatabase;
  const thing = `live-gone-${randomUUID().slice(0, 8)}`;
  const live = new LiveHub();
  const gate = new AnswerGate();
  const responses: ServerResponse[] = [];
  let db: Kysely<Database>;
  let app: FastifyInstance;
  let token: string;

  beforeAll(async () => {
    db = await target.create();
    const tenant = await insertTenant(db);
    await insertPlant(db, tenant, thing);
    token = (await userWithToken(db, tenant)).idToken;
    app = Fastify();
    installErrorHandler(app);
    installAuthentication(app, createAuthenticator(db, await createTokenService(db)));
    installAccessControl(app);
    app.addHook('onRequest', async (_request, reply) => {
      responses.push(reply.raw);
    });
    // Only the route's own queries (the access check, the snapshots) go through the gate.
    const gated = db.withPlugin(gate);
    await registerLiveRoute(app, {
      db: gated,
      plants: new PlantLookup(gated),
      shadows: new ShadowStore(gated),
      live,
      bus: processBus(gated),
      pingMs: PING_MS,
    });
    await app.listen({ port: 0, host: '127.0.0.1' });
  });

  afterAll(async () => {
    gate.open();
    await app.close();
    await target.destroy();
  });

  const request = () =>
    http.get({
      host: '127.0.0.1',
      port: (app.server.address() as AddressInfo).port,
      path: `/api/live?things=${thing}`,
      headers: { authorization: `Bearer ${token}` },
      agent: false,
    });

  it('leaves no subscription, ping timer or per-user count behind', async () => {
    const intervals = jest.spyOn(global, 'setInterval');
    try {
      gate.close();
      const client = request().on('error', () => undefined);
      await until(() => (gate.held > 0 ? true : undefined)); // the access check waits on the database
      const response = responses.at(-1) as ServerResponse;
      const closed = new Promise<void>((resolve) => (response.destroyed ? resolve() : response.once('close', () => resolve())));
      client.destroy();
      await closed; // the server has seen the client go
      gate.open();
      // The check's answer resumes the handler in microtasks; a turn of the event loop lets it run out.
      await new Promise((resolve) => setImmediate(resolve));
      expect(live.listenerCount(thing)).toBe(0);
      expect(intervals.mock.calls.filter(([, ms]) => ms === PING_MS)).toHaveLength(0);
    } finally {
      intervals.mockRestore();
    }

    // The user's count was never taken: a full set of streams still opens.
    const opened = await Promise.all(
      Array.from(
        { length: MAX_LIVE_STREAMS_PER_USER },
        () => new Promise<http.IncomingMessage>((resolve) => request().on('response', resolve)),
      ),
    );
    try {
      expect(opened.map((r) => r.statusCode)).toEqual(Array(MAX_LIVE_STREAMS_PER_USER).fill(200));
      await until(() => (live.listenerCount(thing) === MAX_LIVE_STREAMS_PER_USER ? true : undefined));
    } finally {
      for (const r of opened) r.destroy();
    }
    await until(() => (live.listenerCount(thing) === 0 ? true : undefined));
  });
});
