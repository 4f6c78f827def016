// integration/sources: per plant, its gateway and the spot price source (sources-store.ts);
// integration/spot/upload: a price CSV, stored as the organisation's own series, which it then sees in
// place of the server's (spot/prices, EV plans and costs, analytics, forecasts' best hours) and no other
// organisation sees; the server's series (SPOT_PRICES_URL's feed, the demo curve) no organisation can
// change. integration/spot/clear removes the own series again. A new gateway password is the
// registry's own route (plant/gateway/credentials/rotate), which the page calls.
import type { ApiHandlers } from '../http/api-module';
import type { Kysely } from 'kysely';
import { SPOT_UPLOAD_MAX_CHARS } from '@helio/contracts';
import { recordRequestAudit } from '../audit/request-audit';
import { inTransaction } from '../db/dialect';
import type { Database } from '../db/schema';
import type { DeviceServices } from '../iot';
import { badRequest } from '../http/errors';
import { parsePriceCsv, PriceCsvError } from '../spot/price-csv';
import type { SpotConfig } from '../spot/spot-config';
import { deleteTenantPrices, importTenantPrices } from '../spot/spot-store';
import { spotDb } from '../spot/tables';
import { recordImport } from './import-record';
import { plantSources } from './sources-store';

export function sourcesHandlers({ db, devices, spot }: { db: Kysely<Database>; devices?: DeviceServices; spot: SpotConfig }): ApiHandlers {
  return {
    'integration/sources': async (request) => plantSources(db, request.user, devices, spot),
    'integration/spot/upload': {
      // Room for one piece JSON-escaped; a bigger body (a whole large file) is a 413 before it is read.
      bodyLimit: SPOT_UPLOAD_MAX_CHARS * 2 + 1024,
      handler: async (request) => {
        const series = { area: spot.area, tenantId: request.user.tenantId };
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
          const imported = await importTenantPrices(spotDb(trx), series, prices);
          await recordImport(trx, { tenantId: request.user.tenantId, kind: 'spot', source: 'upload', rows: imported, errors: [] });
          await recordRequestAudit(trx, request, 'integrations.spot_uploaded', null, { rows: imported, area: spot.area });
          return imported;
        });
        return { rows };
      },
    },
    'integration/spot/clear': async (request) => {
      const rows = await inTransaction(db, async (trx) => {
        const removed = await deleteTenantPrices(spotDb(trx), { area: spot.area, tenantId: request.user.tenantId });
        if (removed > 0) await recordRequestAudit(trx, request, 'integrations.spot_cleared', null, { rows: removed, area: spot.area });
        return removed;
      });
      return { rows };
    },
  };
}
