// The hourly issue run: at start and a few seconds after every full hour. Every replica runs the
// timer; the leader lease (jobs/leader-lease.ts) lets exactly one of them issue each hour: it takes
// the lease until the hour ends and keeps it. (The forecasts' primary key would refuse a second issue
// for the same plant and hour anyway.)
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { instanceId, withLease } from '../jobs/leader-lease';
import type { ForecastConfig } from './forecast-config';
import { issueForecasts, type IssueLog, type IssueSummary } from './issue';

export const FORECAST_LEASE = 'forecast-issue';
/** After the full hour, so the hour roll-ups of the hour just ended hold its last samples. */
const AFTER_HOUR_MS = 20_000;

export interface RunningIssuer {
  /** Resolves when the run in progress (if any) is over. */
  stop(): Promise<void>;
}

/** One hourly turn: issues if this instance wins the hour's lease; undefined when another did. */
export async function issueTurn(
  db: Kysely<Database>,
  config: ForecastConfig,
  log: IssueLog,
  now = Date.now(),
  holder = instanceId(),
): Promise<IssueSummary | undefined> {
  const hourEnd = now - (now % config.issueEveryMs) + config.issueEveryMs;
  const run = await withLease(
    db,
    { name: FORECAST_LEASE, holder, ttlMs: Math.max(60_000, hourEnd - now) },
    () => issueForecasts({ db, config, log, now }),
    {
      now,
      keep: true,
    },
  );
  return run.ran ? run.result : undefined;
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
}): RunningIssuer {
  const { db, config, log } = opts;
  let running: Promise<unknown> = Promise.resolve();
  let timer: NodeJS.Timeout | undefined;
  let stopped = false;
  const turn = () => {
    running = issueTurn(db, config, log).then(
      (summary) => {
        if (summary)
          log.info(
            `forecast: ${summary.issued} of ${summary.plants} plants issued (${summary.weather} from the weather service${summary.reconstructed ? `, ${summary.reconstructed} past days reconstructed` : ''})`,
          );
      },
      (error: unknown) => log.error(`forecast: issue run failed: ${error instanceof Error ? error.message : String(error)}`),
    );
    void running.then(schedule);
  };
  const schedule = () => {
    if (stopped) return;
    const now = Date.now();
    timer = setTimeout(turn, now - (now % config.issueEveryMs) + config.issueEveryMs + AFTER_HOUR_MS - now);
    timer.unref();
  };
  running = (opts.after ?? Promise.resolve())
    .catch(() => undefined)
    .then(() => {
      if (!stopped) turn();
    });
  return {
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      await running;
    },
  };
}
