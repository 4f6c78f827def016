// Simulated history: a plant that has no history yet gets the last days of it, at 5-minute
// resolution, so charts have data from the first start. It goes through the shadow store like live
// reports (samples, roll-ups, shadow), one transaction per plant; the samples of closed hours go
// straight into packed blocks, as the packing job would have left them. The history is computed at once
// (a gateway continues from its end) and written in the background: the store's queue for the thing
// holds the gateway's first reports until the history is in, and start-up does not wait for it.
import { newPlantRun, plantHistory, type SimPlantConfig } from './demo-simulator';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import type { JsonObject } from '../shadows/json';
import type { DeviceLog } from '../log';
import type { ShadowStore } from '../shadows/shadow-store';
import { PACK_AFTER_MS } from '../../series/series-packer';
import { blockStart } from '../../series/stored-samples';

const DAY_MS = 86_400_000;
const STEP_MS = 5 * 60_000;

export interface BackfillOptions {
  db: Kysely<Database>;
  shadows: ShadowStore;
  plants: readonly SimPlantConfig[];
  days: number;
  now?: number;
  log: DeviceLog;
  /** Off: every sample raw, as a database from before packing holds them (the packing job's upgrade test). */
  packed?: boolean;
}

export interface Backfill {
  /** The last reported state of each plant given history, by thing name. */
  lastReported: Map<string, JsonObject>;
  /** Resolves when every history is stored (failures are logged, not thrown). */
  written: Promise<void>;
}

export async function backfillHistory(opts: BackfillOptions): Promise<Backfill> {
  const now = opts.now ?? Date.now();
  const to = now - (now % STEP_MS);
  const from = to - opts.days * DAY_MS;
  const lastReported = new Map<string, JsonObject>();
  const writes: Promise<unknown>[] = [];
  const started = Date.now();
  for (const plant of opts.plants) {
    const stored = await opts.db
      .selectFrom('metric_rollups')
      .select('thing_name')
      .where('thing_name', '=', plant.thingName)
      .limit(1)
      .executeTakeFirst();
    if (stored) continue;
    const reports = [...plantHistory(newPlantRun(plant), from, to, STEP_MS)];
    const last = reports.at(-1);
    if (!last) continue;
    lastReported.set(plant.thingName, last.reported);
    writes.push(
      // written packed up to the hour the packing job would pack up to: a first start packs nothing afterwards
      opts.shadows
        .applyReportedHistory(plant.thingName, reports, opts.packed === false ? {} : { packBefore: blockStart(now - PACK_AFTER_MS) })
        .catch((error: unknown) => {
          opts.log.error(`devices: writing the simulated history of ${plant.thingName} failed: ${String(error)}`);
        }),
    );
  }
  const things = [...lastReported.keys()];
  const written = Promise.all(writes).then(() => {
    if (things.length > 0)
      opts.log.info(`devices: wrote ${opts.days} days of simulated history for ${things.join(', ')} in ${Date.now() - started} ms`);
  });
  return { lastReported, written };
}
