// integration/history/import {plantId, csv, firstLine}: a piece of a metric history CSV into the
// plant's time series. The console cuts a file into pieces (the progress bar counts them) after
// checking the whole file itself; each piece is checked again here and written whole or not at all,
// with its audit entry in the same transaction; the roll-ups of its days are rebuilt after the answer.
import type { ApiHandlers } from '../http/api-module';
import type { Kysely } from 'kysely';
import { HISTORY_CHUNK_MAX_CHARS } from '@helio/contracts';
import { plantTarget, recordRequestAudit } from '../audit/request-audit';
import { inTransaction } from '../db/dialect';
import type { Database } from '../db/schema';
import { plantNotFound } from '../http/errors';
import { findTenantPlant, requirePlantRole } from '../plants/access';
import { importHistoryCsv } from './history-import';
import { wakeRebuilders } from './rollup-rebuilds';

export function historyHandlers({ db }: { db: Kysely<Database> }): ApiHandlers {
  return {
    'integration/history/import': {
      // The CSV travels JSON-escaped: room for it, and a clear 413 for anything bigger.
      bodyLimit: HISTORY_CHUNK_MAX_CHARS * 2 + 1024,
      handler: async (request) => {
        const plant = await findTenantPlant(db, request.user, request.body.plantId);
        if (!plant) throw plantNotFound();
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
    },
  };
}
