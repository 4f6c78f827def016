// Keeps imported spot prices current: reads SPOT_PRICES_URL (http(s) or a file) at start and every
// hour, once across replicas. A failed read is logged and retried at the next turn; the prices already stored stay.
import fs from 'node:fs/promises';
import type { Logger } from '../logger';
import { parsePriceCsv } from './price-csv';
import type { SpotConfig } from './spot-config';
import { importPrices } from './spot-store';
import { spotDb, type SpotDb } from './tables';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { startLeaderJob } from '../jobs/leader-job';

const IMPORT_EVERY_MS = 60 * 60 * 1000;
const FETCH_TIMEOUT_MS = 30_000;

async function readSource(source: string): Promise<string> {
  if (/^https?:\/\//.test(source)) {
    const response = await fetch(source, { signal: AbortSignal.timeout(FETCH_TIMEOUT_MS) });
    if (!response.ok) throw new Error(`${source} answered ${response.status}`);
    return response.text();
  }
  return fs.readFile(source.replace(/^file:\/\//, ''), 'utf8');
}

export async function importOnce(db: SpotDb, config: SpotConfig, source: string): Promise<number> {
  return importPrices(db, config.area, parsePriceCsv(await readSource(source)), 'import');
}

/** What one turn of the import did: rows stored, or the error that stopped it. */
export type PriceImportOutcome = { rows: number; error: null } | { rows: 0; error: string };

export const SPOT_IMPORT_JOB = 'spot-import';

/** Imports at start and every hour, on the replica that leads the job. */
export function startPriceImport(deps: {
  db: Kysely<Database>;
  config: SpotConfig;
  log: Logger;
  onImport?: (outcome: PriceImportOutcome) => Promise<void>;
  leaseTtlMs?: number;
  holder?: string;
  everyMs?: number;
}): { stop(options?: { release?: boolean }): Promise<void> } {
  const { config, log } = deps;
  const source = config.pricesUrl;
  if (!source) return { stop: async () => undefined };
  const db = spotDb(deps.db);
  const tell = (outcome: PriceImportOutcome) =>
    deps.onImport?.(outcome).catch((error: unknown) => log.error(`spot prices: recording the import failed: ${String(error)}`));
  const job = startLeaderJob({
    db: deps.db,
    name: SPOT_IMPORT_JOB,
    everyMs: deps.everyMs ?? IMPORT_EVERY_MS,
    ttlMs: deps.leaseTtlMs,
    holder: deps.holder,
    log,
    work: () =>
      importOnce(db, config, source).then(
        (count) => {
          log.info(`spot prices: ${count} periods imported from ${source}`);
          void tell({ rows: count, error: null });
        },
        (error: unknown) => {
          const reason = error instanceof Error ? error.message : String(error);
          log.error(`spot prices: import from ${source} failed: ${reason}`);
          void tell({ rows: 0, error: reason });
        },
      ),
  });
  return { stop: (options) => job.stop(options) };
}
