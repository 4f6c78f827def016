// Periodic jobs across replicas, on SQLite and PostgreSQL: two replicas start the same job and its work
// runs once per period, on one of them; a leader that dies without letting go (the lease left to
// expire) is replaced within the ttl and one retry, one that stops in order at the other's next try,
// and the period goes on where it was: no run twice in one period across the handover. Time is a
// VirtualClock's, so each instant is asserted exactly, however busy the machine.
import type { Kysely } from 'kysely';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Database } from '../db/schema';
import { recordingLog } from '../iot/test-fixtures';
import { loadForecastConfig } from '../forecast/forecast-config';
import { FORECAST_LEASE, startForecastIssuer } from '../forecast/issuer';
import { ALERT_ENGINE_JOB, startAlertEngine } from '../notifications/alert-engine';
import { RETENTION_JOB, startRawRetention } from '../series/retention-job';
import { PACKING_JOB, startSeriesPacking } from '../series/series-packer';
import { SPOT_IMPORT_JOB, startPriceImport } from '../spot/price-import';
import { loadSpotConfig } from '../spot/spot-config';
import { databaseTargets } from '../testing/databases';
import { isDue, nextDue, startLeaderJob, type LeaderJob } from './leader-job';
import { leaseDb } from './leader-lease';
import { VirtualClock } from '../testing/virtual-clock';
import { until } from '../testing/until';
import { processBus } from '../cluster/start-bus';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('when a periodic job is due', () => {
  it('runs `everyMs` after the last run, or once in each aligned period', () => {
    expect(isDue(null, 5, 1000)).toBe(true);
    expect(isDue(10_000, 10_999, 1000)).toBe(false);
    expect(isDue(10_000, 11_000, 1000)).toBe(true);
    expect(nextDue(10_000, 1000)).toBe(11_000);
    // hourly, 20 s after the full hour: a run at 10:30 is followed by one at 11:00:20, not 11:30
    const HOUR = 3_600_000;
    expect(isDue(10.5 * HOUR, 11 * HOUR + 19_999, HOUR, 20_000)).toBe(false);
    expect(isDue(10.5 * HOUR, 11 * HOUR + 20_000, HOUR, 20_000)).toBe(true);
    expect(nextDue(10.5 * HOUR, HOUR, 20_000)).toBe(11 * HOUR + 20_000);
  });
});

describe.each(databaseTargets())('periodic jobs across replicas on $name', (target) => {
  let db: Kysely<Database>;
  beforeAll(async () => {
    db = await target.create();
  });
  afterAll(() => target.destroy());

  const EVERY_MS = 150;
  const TTL_MS = 600;
  const RENEW_MS = TTL_MS / 3;

  /** Starts the job as replica `holder` on `clock`; every run is recorded with who ran it and when. */
  const replica = (name: string, holder: string, runs: Array<{ holder: string; at: number }>, clock: VirtualClock): LeaderJob =>
    startLeaderJob({
      db,
      name,
      holder,
      everyMs: EVERY_MS,
      ttlMs: TTL_MS,
      clock,
      log: { error: (message) => runs.push({ holder: `error: ${message}`, at: clock.now() }) },
      work: async (now) => void runs.push({ holder, at: now }),
    });

  const expiryOf = async (name: string) =>
    Number((await leaseDb(db).selectFrom('job_leases').select('expires_at').where('name', '=', name).executeTakeFirstOrThrow()).expires_at);

  it('runs the work once per period, on one replica of two', async () => {
    const clock = new VirtualClock();
    const runs: Array<{ holder: string; at: number }> = [];
    const a = replica('job-once', 'A', runs, clock);
    const b = replica('job-once', 'B', runs, clock);
    await Promise.all([a.settled(), b.settled()]);
    await clock.advanceTo(EVERY_MS * 6 + 50);
    await Promise.all([a.stop(), b.stop()]);
    expect(new Set(runs.map((r) => r.holder)).size).toBe(1);
    expect(runs.map((r) => r.at)).toEqual([0, 1, 2, 3, 4, 5, 6].map((n) => n * EVERY_MS));
  });

  it('hands the job to the other replica once the dead leader’s lease expires, at its next try, without a second run in the period', async () => {
    const clock = new VirtualClock();
    const runs: Array<{ holder: string; at: number }> = [];
    const a = replica('job-takeover', 'A', runs, clock);
    await a.settled();
    expect(a.isLeader()).toBe(true);
    await clock.advanceBy(50);
    const b = replica('job-takeover', 'B', runs, clock);
    await b.settled();
    await clock.advanceBy(EVERY_MS * 2);
    expect(b.isLeader()).toBe(false);
    // A dies: no more tries, and the lease stays until it expires
    await a.stop({ release: false });
    const expires = await expiryOf('job-takeover');
    await clock.advanceBy(TTL_MS * 2);
    const firstOfB = runs.find((r) => r.holder === 'B');
    // not before the lease ran out (a dead leader is not told apart from a live one sooner), and at B's
    // first try after it: B tries every third of the ttl
    expect(firstOfB?.at).toBeGreaterThanOrEqual(expires);
    expect(firstOfB?.at).toBeLessThan(expires + RENEW_MS);
    expect(b.isLeader()).toBe(true);
    await b.stop();
    expect(runs.filter((r) => r.holder.startsWith('error'))).toEqual([]);
    const spacing = runs.slice(1).map((run, i) => run.at - (runs[i]?.at ?? 0));
    for (const gap of spacing) expect(gap).toBeGreaterThanOrEqual(EVERY_MS);
  });

  it('hands the job over at the other replica’s next try when the leader stops in order', async () => {
    const clock = new VirtualClock();
    const runs: Array<{ holder: string; at: number }> = [];
    const a = replica('job-handover', 'A', runs, clock);
    await a.settled();
    await clock.advanceBy(50);
    const b = replica('job-handover', 'B', runs, clock); // B tries at 50, then every RENEW_MS
    await b.settled();
    await clock.advanceBy(EVERY_MS);
    await a.stop(); // at 200, A's lease good until 750
    await clock.advanceTo(50 + RENEW_MS - 1);
    expect(b.isLeader()).toBe(false);
    await clock.advanceTo(50 + RENEW_MS);
    expect(b.isLeader()).toBe(true); // B's next try after A let go, though A's lease had time left
    await clock.advanceBy(TTL_MS);
    // ...and the period goes on where A left it: A ran at 0 and 150, B at 300
    expect(runs.map((r) => `${r.holder}@${r.at}`).slice(0, 3)).toEqual(['A@0', 'A@150', 'B@300']);
    await b.stop();
  });

  it('runs each of the server’s periodic jobs under its lease, once, with two replicas started', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'helio-jobs-'));
    const log = recordingLog();
    const spotErrors: string[] = [];
    const spotLog = {
      info: () => undefined,
      warn: () => undefined,
      error: (...args: unknown[]) => void spotErrors.push(args.map(String).join(' ')),
    };
    const spot = loadSpotConfig({ SPOT_PRICES_URL: path.join(dir, 'missing-prices.csv') });
    const started = ['A', 'B'].map((holder) => [
      startAlertEngine({ db, bus: processBus(db), log, consoleUrl: 'https://ems.test', holder, startedAt: 0 }),
      startRawRetention({ db, retentionDays: 30, log, holder }),
      startSeriesPacking({ db, log, holder }),
      startPriceImport({ db, config: spot, log: spotLog, holder }),
      startForecastIssuer({ db, config: loadForecastConfig({}), log, holder }),
    ]);
    const jobs = [ALERT_ENGINE_JOB, RETENTION_JOB, PACKING_JOB, SPOT_IMPORT_JOB, FORECAST_LEASE];
    // a bound on a busy machine, not a measurement: every job takes its first turn at once
    const rows = await until(
      async () => {
        const found = await leaseDb(db).selectFrom('job_leases').selectAll().where('name', 'in', jobs).execute();
        return found.length === jobs.length && found.every((r) => r.last_run_at !== null) ? found : undefined;
      },
      'every job run once',
      20_000,
    );
    for (const row of rows) expect(['A', 'B']).toContain(row.holder);
    await sleep(300);
    for (const running of started.flat()) await running.stop();
    // the import failed (no such file): one failure logged, by the one replica that ran it
    expect(spotErrors.filter((line) => line.includes('import from'))).toHaveLength(1);
    fs.rmSync(dir, { recursive: true, force: true });
  });
});
