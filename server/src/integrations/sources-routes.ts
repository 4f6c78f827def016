// integration/sources: per plant, its gateway and the spot price source (sources-store.ts);
// integration/spot/upload: a price CSV, stored like the hourly import of SPOT_PRICES_URL. A new
// gateway password is the registry's own route (plant/gateway/credentials/rotate), which the page calls.
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import { integrationEndpoints, SPOT_UPLOAD_MAX_CHARS, type IntegrationEndpoints } from '@helio/contracts';
import { recordRequestAudit } from '../audit/request-audit';
import { inTransaction } from '../db/dialect';
import type { Database } from '../db/schema';
import type { DeviceServices } from '../devices';
import { requireUser } from '../http/auth';
import { contractSchema } from '../http/contract-schema';
import { badRequest, forbidden } from '../http/errors';
import { access } from '../iam/route-access';
import { parsePriceCsv, PriceCsvError } from '../spot/price-csv';
import type { SpotConfig } from '../spot/spot-config';
import { importPrices } from '../spot/spot-store';
import { spotDb } from '../spot/tables';
import { recordImport } from './import-record';
import { plantSources } from './sources-store';

const MANAGE = access('integrations:manage', { module: 'integrations' });

export async function registerSourcesRoutes(
  app: FastifyInstance,
  { db, devices, spot }: { db: Kysely<Database>; devices?: DeviceServices; spot: SpotConfig },
): Promise<void> {
  app.post<{ Body: IntegrationEndpoints['integration/sources']['request'] }>(
    '/api/integration/sources',
    { config: MANAGE, preHandler: requireUser, schema: contractSchema(integrationEndpoints['integration/sources']) },
    async (request) => plantSources(db, request.user, devices, spot),
  );

  app.post<{ Body: IntegrationEndpoints['integration/spot/upload']['request'] }>(
    '/api/integration/spot/upload',
    {
      config: MANAGE,
      preHandler: requireUser,
      schema: contractSchema(integrationEndpoints['integration/spot/upload']),
      // The CSV travels JSON-escaped: room for it, and a clear 413 for anything bigger.
      bodyLimit: SPOT_UPLOAD_MAX_CHARS * 2 + 1024,
    },
    async (request) => {
      // Market prices are one series for every tenant of the server: only a tenant owner may replace them.
      if (request.user.roleId !== 'owner') throw forbidden('Only an owner may upload spot prices; they are shared by the whole server');
      let prices;
      try {
        prices = parsePriceCsv(request.body.csv);
      } catch (error) {
        if (!(error instanceof PriceCsvError)) throw error;
        await recordImport(db, { tenantId: request.user.tenantId, kind: 'spot', source: 'upload', rows: 0, errors: [error.message] });
        throw badRequest(`Nothing was imported: ${error.message}`, { errors: [error.message] });
      }
      // The prices, the import's record and its audit entry commit together, or none of them.
      const rows = await inTransaction(db, async (trx) => {
        const imported = await importPrices(spotDb(trx), spot.area, prices, 'import');
        await recordImport(trx, { tenantId: request.user.tenantId, kind: 'spot', source: 'upload', rows: imported, errors: [] });
        await recordRequestAudit(trx, request, 'integrations.spot_uploaded', null, { rows: imported, area: spot.area });
        return imported;
      });
      return { rows };
    },
  );
}
