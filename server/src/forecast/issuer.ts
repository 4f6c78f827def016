// The hourly issue run: at start and a few seconds after every full hour, on the replica that leads the
// job (jobs/leader-job.ts), so each hour is issued once however many replicas run. (The forecasts'
// primary key would refuse a second issue for the same plant and hour anyway.)
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { instanceId } from '../jobs/leader-lease';
import { startLeaderJob, takeTurn, JOB_LEASE_TTL_MS } from '../jobs/leader-job';
import type { ForecastConfig } from './forecast-config';
import { issueForecasts, type IssueLog, type IssueSummary } from './issue';

export const FORECAST_LEASE = 'forecast-issue';
/** After the full hour, so the hour roll-ups of the hour just ended hold its last samples. */
const AFTER_HOUR_MS = 20_000;

export interface RunningIssuer {
  /** Resolves when the run in progress (if any) is over. */
  stop(options?: { release?: boolean }): Promise<void>;
}

/** One hourly turn: issues if this instance leads the job and the hour is not issued yet; undefined otherwise. */
export async function issueTurn(
  db: Kysely<Database>,
  config: ForecastConfig,
  log: IssueLog,
  now = Date.now(),
  holder = instanceId(),
): Promise<IssueSummary | undefined> {
  const turn = { name: FORECAST_LEASE, holder, ttlMs: JOB_LEASE_TTL_MS, everyMs: config.issueEveryMs, alignOffsetMs: AFTER_HOUR_MS };
  return (await takeTurn(db, turn, now)).run ? issueForecasts({ db, config, log, now }) : undefined;
}

/**
 * Starts the hourly turns. `after`: the first turn waits for it (main passes the device store's
 * queue, so the simulator's history is in before the first forecasts learn from it).
 */
export function startForecastIssuer(opts: {
  db: Kysely<Database>;
  config: ForecastConfig;
  log: IssueLog;
  after?: Promise<unknown>;
  leaseTtlMs?: number;
  holder?: string;
}): RunningIssuer {
  const { db, config, log } = opts;
  const job = startLeaderJob({
    db,
    name: FORECAST_LEASE,
    everyMs: config.issueEveryMs,
    alignOffsetMs: AFTER_HOUR_MS,
    ttlMs: opts.leaseTtlMs,
    holder: opts.holder,
    after: opts.after,
    log,
    work: async (now) => {
      try {
        const summary = await issueForecasts({ db, config, log, now });
        log.info(
          `forecast: ${summary.issued} of ${summary.plants} plants issued (${summary.weather} from the weather service${summary.reconstructed ? `, ${summary.reconstructed} past days reconstructed` : ''})`,
        );
      } catch (error) {
        log.error(`forecast: issue run failed: ${error instanceof Error ? error.message : String(error)}`);
      }
    },
  });
  return { stop: (options) => job.stop(options) };
}
