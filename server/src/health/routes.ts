// GET /api/health: for load balancers and start-up scripts. Answers 200 only when the database
// answers; it says nothing about tenants or users, so it needs no token.
import { healthContract } from '@helio/contracts';
import { sql, type Kysely } from 'kysely';
import type { FastifyInstance } from 'fastify';
import type { Database } from '../db/schema';

export async function registerHealthRoutes(app: FastifyInstance, deps: { db: Kysely<Database> }): Promise<void> {
  app.get(
    '/api/health',
    { config: { public: true }, schema: { response: { 200: healthContract.response, 503: healthContract.response } } },
    async (_request, reply) => {
      try {
        await sql`select 1`.execute(deps.db);
        return { status: 'ok' };
      } catch {
        return reply.code(503).send({ status: 'unavailable', reason: 'database' });
      }
    },
  );
}
