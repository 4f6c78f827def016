// releases/*: the releases page's list, canary, promote and rollback (releases:manage, only for the
// organisation that runs the releases), and the browsers' reports of loaded and failed modules (any
// signed-in session; bounded by the contract, rate-limited per user, counted once per user and release).
import type { ApiHandlers } from '../http/api-module';
import type { FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import { type ReleaseEndpoints } from '@helio/contracts';
import type { Database } from '../db/schema';
import { ApiError, conflict, forbidden, organisationNotFound, tooManyRequests } from '../http/errors';
import { countReport, reportLimiter } from './reports';
import { platformTenantId, promote, ReleaseConflictError, ReleaseNotFoundError, rollback, setCanary, type ReleaseActor } from './store';
import { listView, oneModuleView } from './view';
import { rememberVisitor } from './visitor';

type Body<P extends keyof ReleaseEndpoints> = { Body: ReleaseEndpoints[P]['request'] };

function translated(error: unknown): unknown {
  if (error instanceof ReleaseNotFoundError)
    return error.missing === 'organisation' ? organisationNotFound(error.message) : new ApiError(404, 'ReleaseNotFound', error.message);
  if (error instanceof ReleaseConflictError) return conflict(error.message);
  return error;
}

export function releaseHandlers({
  db,
  secureCookies,
  organisation,
}: {
  db: Kysely<Database>;
  secureCookies: boolean;
  organisation: string | undefined;
}): ApiHandlers {
  const limiter = reportLimiter();

  /** The caller as the actor of a change, after checking they belong to the organisation that runs the releases. */
  async function manager(request: FastifyRequest): Promise<ReleaseActor & { platformTenant: string }> {
    const platformTenant = await platformTenantId(db, organisation);
    if (!platformTenant || request.user.tenantId !== platformTenant) {
      throw forbidden('Releases are managed by the administrators of the organisation that runs the console');
    }
    return { tenantId: request.user.tenantId, id: request.user.sub, email: request.user.email, address: request.ip, platformTenant };
  }

  const change = async (run: () => Promise<void>, module: string) => {
    try {
      await run();
    } catch (error) {
      throw translated(error);
    }
    return oneModuleView(db, module);
  };

  return {
    'releases/list': async (request) => listView(db, (await manager(request)).platformTenant),
    'releases/canary': async (request) => {
      const actor = await manager(request);
      const { module, release, share, organisations, minLoads, maxErrorRate } = request.body;
      return change(() => setCanary(db, { module, release, share, tenants: organisations, minLoads, maxErrorRate }, actor), module);
    },
    'releases/promote': async (request) => {
      const actor = await manager(request);
      return change(() => promote(db, request.body.module, actor), request.body.module);
    },
    'releases/rollback': async (request) => {
      const actor = await manager(request);
      return change(() => rollback(db, request.body.module, actor), request.body.module);
    },
    'releases/report': async (request, reply) => {
      const { sub, tenantId, sessionId } = request.user;
      if (!limiter.take(sub)) throw tooManyRequests('Too many reports; try again later', limiter.retryAfterSeconds());
      // The next page load is this session's: its releases come with index.html.
      if (sessionId) rememberVisitor(reply, sessionId, secureCookies);
      return { counted: await countReport(db, { userId: sub, tenantId, ...(sessionId ? { sessionId } : {}) }, request.body, organisation) };
    },
  };
}
