// The reliability suite's memory verdict (reliability/memory.js: judgeMemory) over synthetic series
// of what lives in a replica, sampled every 30 s over a 10-minute run with a fault at 7.3 min: the
// series the suite records, made to order, so a flat replica passes on a slow day (a fault's backlog
// lifting what lives until it drains) and a leaking one fails.
const { judgeMemory } = require('../reliability/memory');
const { backlogDrained } = require('../reliability/drain');

const T0 = 1_800_000_000_000;
const MIN = 60_000;
const at = (minute) => T0 + minute * MIN;
/** Samples every 30 s over `minutes`, each what `mib(minute)` says. */
const series = (minutes, mib) => Array.from({ length: minutes * 2 + 1 }, (_, k) => ({ t: at(k / 2), mib: mib(k / 2) }));
// A fast day: the PostgreSQL stop at 7.3 min, its backlog drained at 9 min; what lives while the
// backlog is queued: +15 MiB at its height, back to the level once drained.
const postgres = { name: 'postgres', from: at(7.3), to: at(9) };
const backlog = (minute) => (minute >= 7.3 && minute <= 9 ? 15 * Math.sin((Math.PI * (minute - 7.3)) / 1.7) : 0);
// A slow day (load 32, bench/RESULTS.md): the backlog still growing when the run ends, never drained.
const postgresSlow = { name: 'postgres', from: at(7.3), to: at(10) };
const slowBacklog = (minute) => (minute >= 7.3 ? 5 * (minute - 7.3) : 0);
const flat = (minute) => 55 + 0.6 * Math.sin(minute * 5); // a flat replica's own swing (batches, streams)
const judge = (live, windows) => judgeMemory(live, { t0: T0, tEnd: at(10), windows });

describe('the replica memory check', () => {
  test('a flat replica with a fault backlog passes once the fault and its drain are left out', () => {
    const verdict = judge(
      series(10, (m) => flat(m) + backlog(m)),
      [postgres],
    );
    expect(verdict.ok).toBe(true);
    expect(verdict.left.filter((l) => l.why === 'postgres and its drain').map((l) => l.minute)).toEqual([7.5, 8, 8.5, 9]);
    expect(verdict.judged.every((p) => p.x < 7.3 || p.x > 9)).toBe(true);
  });

  test('a flat replica on a slow day, the backlog not drained when the run ends, passes', () => {
    const verdict = judge(
      series(10, (m) => flat(m) + slowBacklog(m)),
      [postgresSlow],
    );
    expect(verdict.ok).toBe(true);
    expect(verdict.judged.at(-1).x).toBe(7);
  });

  test('the slow day judged with its backlog in it fails: the drain is what the check must leave out', () => {
    expect(
      judge(
        series(10, (m) => flat(m) + slowBacklog(m)),
        [],
      ).ok,
    ).toBe(false);
  });

  test('a replica leaking 1 MiB a minute fails, faults left out or not', () => {
    const leaking = series(10, (m) => flat(m) + m + backlog(m));
    expect(judge(leaking, [postgres]).ok).toBe(false);
    expect(judge(leaking, [postgres]).slopeMiBPerMin).toBeGreaterThan(0.8);
  });

  test('a fault that leaves memory behind for good fails (the retry leak of issue 42: a step at each outage)', () => {
    const kill = { name: 'kill', from: at(4.8), to: at(5.5) };
    const stepped = series(10, (m) => flat(m) + (m > 4.8 ? 6 : 0) + (m > 7.3 ? 6 : 0));
    expect(judge(stepped, [kill, postgres]).ok).toBe(false);
  });

  test('the warm-up is left out: a replica filling its caches in its first minutes passes', () => {
    const verdict = judge(
      series(10, (m) => flat(m) + (20 * Math.min(m, 2.5)) / 2.5),
      [],
    );
    expect(verdict.ok).toBe(true);
    expect(verdict.left.filter((l) => l.why === 'warm-up')).toHaveLength(5);
  });

  test('a stall with no fault: the samples with bytes queued on the sockets are left out, the rest judged', () => {
    const stalled = series(10, (m) => flat(m) + (m >= 6 && m <= 7.5 ? 20 : 0)).map((p) => ({
      ...p,
      queuedMiB: (p.t - T0) / MIN >= 6 && (p.t - T0) / MIN <= 7.5 ? 12 : 0.1,
    }));
    const verdict = judge(stalled, []);
    expect(verdict.ok).toBe(true);
    expect(verdict.left.filter((l) => l.why === '12.0 MiB queued to write')).toHaveLength(4);
  });

  test('too few samples left to judge is no verdict, not a pass', () => {
    expect(judge(series(10, flat), [{ name: 'postgres', from: at(3), to: at(10) }]).ok).toBeNull();
  });
});

describe('when a fault backlog is drained', () => {
  const rounds = (n) => Array.from({ length: n }, (_, k) => ({ ts: at(0) + k * 5000, samples: 100 }));

  test('not while a round sent since the fault is short of samples; as soon as every one is stored', async () => {
    let clock = at(0) + 60_000;
    const stored = new Map(rounds(12).map((r) => [r.ts, r.samples]));
    stored.set(at(0) + 20_000, 40); // a round the database refused, queued in a replica
    let polls = 0;
    const countStored = async () => {
      polls++;
      if (polls === 3) stored.set(at(0) + 20_000, 100); // the replica stores it
      return new Map(stored);
    };
    const drained = await backlogDrained({
      sent: rounds(12),
      since: at(0) + 10_000,
      countStored,
      until: at(0) + 600_000,
      now: () => (clock += 5000),
      pollMs: 0,
    });
    expect(polls).toBe(3);
    expect(drained).toBe(at(0) + 60_000 + 3 * 10_000);
  });

  test('a database that does not answer is a backlog not drained, up to the end of the load', async () => {
    let clock = at(0);
    const drained = await backlogDrained({
      sent: rounds(12),
      since: at(0),
      countStored: async () => {
        throw new Error('connection refused');
      },
      until: at(1),
      now: () => (clock += 5000),
      pollMs: 0,
    });
    expect(drained).toBeNull();
  });
});
