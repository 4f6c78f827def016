// integration/history/import {plantId, csv, firstLine}: a piece of a metric history CSV into the
// plant's time series. The console cuts a file into pieces (the progress bar counts them) after
// checking the whole file itself; each piece is checked again here and written whole or not at all,
// with its audit entry in the same transaction; the roll-ups of its days are rebuilt after the answer.
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import { HISTORY_CHUNK_MAX_CHARS, integrationEndpoints, type IntegrationEndpoints } from '@helio/contracts';
import { plantTarget, recordRequestAudit } from '../audit/request-audit';
import { inTransaction } from '../db/dialect';
import type { Database } from '../db/schema';
import { requireUser } from '../http/auth';
import { contractSchema } from '../http/contract-schema';
import { notFound } from '../http/errors';
import { access } from '../iam/route-access';
import { findTenantPlant, requirePlantRole } from '../plants/access';
import { importHistoryCsv } from './history-import';
import { wakeRebuilders } from './rollup-rebuilds';

export async function registerHistoryRoutes(app: FastifyInstance, { db }: { db: Kysely<Database> }): Promise<void> {
  app.post<{ Body: IntegrationEndpoints['integration/history/import']['request'] }>(
    '/api/integration/history/import',
    {
      config: access('integrations:manage', { module: 'integrations' }),
      preHandler: requireUser,
      schema: contractSchema(integrationEndpoints['integration/history/import']),
      // Room for one piece JSON-escaped; a bigger body (a whole large file) is a 413 before it is read.
      bodyLimit: HISTORY_CHUNK_MAX_CHARS * 2 + 1024,
    },
    async (request) => {
      const plant = await findTenantPlant(db, request.user, request.body.plantId);
      if (!plant) throw notFound('Plant not found');
      requirePlantRole(plant, 'owner');
      const imported = await inTransaction(db, async (trx) => {
        const result = await importHistoryCsv(trx, plant, request.body.csv, request.body.firstLine ?? 1);
        await recordRequestAudit(trx, request, 'integrations.history_imported', plantTarget(plant), {
          received: result.received,
          inserted: result.inserted,
          keys: result.keys.slice(0, 20),
          from: result.from,
          to: result.to,
        });
        return result;
      });
      wakeRebuilders(); // the imported days' roll-ups, now that they are committed
      return imported;
    },
  );
}
