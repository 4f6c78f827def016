// The replicas' memory while the suite runs, per replica process (a replica killed and started again
// is a new process with a series of its own): resident memory from /proc every few seconds (start,
// end, peak), and what lives after a full collection (heapUsed + external, through the replica's
// inspector: live-heap.js) twice a minute, less the compiled code (told apart). A replica is judged by the slope of what lives (MiB a
// minute) after its warm-up: a leak keeps raising it, while resident memory also holds what the heap
// and the allocator grew to under a burst and keep. The warm-up is the first quarter of the process's
// sampled life, at least WARM_UP_MS: a replica started under load fills its caches to their bounds
// and compiles its hot code in the first minutes, which is growth that stops, not a leak. The slope
// is Theil–Sen's (the median of the slopes between every two samples), so one sample taken in a
// burst (a stream reconnect storm, a batch in flight) does not tilt a line of twenty.
'use strict';
const fs = require('node:fs');
const { liveMemory } = require('./live-heap');

function rssMiB(pid) {
  try {
    const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
    return Number(/VmRSS:\s+(\d+) kB/.exec(status)?.[1] ?? NaN) / 1024;
  } catch {
    return NaN;
  }
}

/** Slope of y over x (least squares), or NaN with fewer than 2 points. */
function slope(points) {
  if (points.length < 2) return NaN;
  const n = points.length;
  const mx = points.reduce((s, p) => s + p.x, 0) / n;
  const my = points.reduce((s, p) => s + p.y, 0) / n;
  const num = points.reduce((s, p) => s + (p.x - mx) * (p.y - my), 0);
  const den = points.reduce((s, p) => s + (p.x - mx) ** 2, 0);
  return den === 0 ? NaN : num / den;
}

/** Theil–Sen slope: the median of the slopes between every two points (NaN with fewer than 2). */
function robustSlope(points) {
  const slopes = [];
  for (let i = 0; i < points.length; i++)
    for (let j = i + 1; j < points.length; j++)
      if (points[j].x !== points[i].x) slopes.push((points[j].y - points[i].y) / (points[j].x - points[i].x));
  if (slopes.length === 0) return NaN;
  slopes.sort((a, b) => a - b);
  const mid = slopes.length >> 1;
  return slopes.length % 2 ? slopes[mid] : (slopes[mid - 1] + slopes[mid]) / 2;
}

const LIVE_EVERY_MS = 30_000;
/** Bytes queued on a replica's sockets past which a sample shows a backlog, not what stays (live-heap.js). */
const QUEUED_LIMIT_MIB = 1;
const WARM_UP_MS = 2 * 60_000;
const WARM_UP_SHARE = 0.25;

/**
 * Judges one replica process's series of what lives (`live`: [{ t, mib }], t in ms) sampled from t0
 * to tEnd. Left out: the warm-up, and every sample inside a fault's window up to the end of its
 * drain (`windows`: [{ name, from, to }], `to` when the backlog the fault left was back to zero, as
 * the run measured it), and every sample taken while more than QUEUED_LIMIT_MIB waited on the
 * replica's sockets (`queuedMiB`: a stall of a loaded machine, with no fault, piles it up too). What lives during a drain includes the reports still queued, which a loaded
 * machine takes minutes to clear: that is work waiting, not a leak. What stays after the drain is
 * judged, across the windows: a fault that leaves memory behind for good (the retry leak of issue
 * 42 did, a step at each outage) still lifts the slope. Answers the samples judged ({ x: minutes
 * since t0, y }), the ones left out and why, the Theil–Sen slope, its limit, and the verdict (null
 * when fewer than 3 samples over 2 minutes are left: nothing to judge).
 */
function judgeMemory(live, { t0, tEnd, windows = [] }) {
  const warmUp = Math.max(WARM_UP_MS, WARM_UP_SHARE * (tEnd - t0));
  const judged = [];
  const left = [];
  for (const p of live) {
    const minute = (p.t - t0) / 60_000;
    const inWindow = windows.find((w) => p.t >= w.from && p.t <= w.to);
    if (p.t - t0 < warmUp) left.push({ minute, why: 'warm-up' });
    else if (inWindow) left.push({ minute, why: `${inWindow.name} and its drain` });
    else if (p.queuedMiB > QUEUED_LIMIT_MIB) left.push({ minute, why: `${p.queuedMiB.toFixed(1)} MiB queued to write` });
    else judged.push({ x: minute, y: p.mib });
  }
  const minutes = judged.length >= 2 ? judged.at(-1).x - judged[0].x : 0;
  const enough = judged.length >= 3 && minutes >= 2;
  const slopeMiBPerMin = enough ? robustSlope(judged) : NaN;
  const limitMiBPerMin = slopeLimitMiBPerMin(minutes);
  return {
    judged,
    left,
    minutes,
    slopeMiBPerMin,
    leastSquaresMiBPerMin: enough ? slope(judged) : NaN,
    limitMiBPerMin,
    ok: enough ? slopeMiBPerMin < limitMiBPerMin : null,
  };
}

/**
 * Samples `processes()` (→ [{ name, pid, inspectorPort? }]): resident memory every `everyMs`, what
 * lives every 30 s where an inspector port is given, until stopped.
 */
function sampleMemory(processes, everyMs) {
  const series = new Map(); // `${name} (pid ${pid})` → { rss: [{ t, mib }], live: [{ t, mib }] }
  const of = (name, pid) => {
    const key = `${name} (pid ${pid})`;
    if (!series.has(key)) series.set(key, { rss: [], live: [] });
    return series.get(key);
  };
  const takeRss = () => {
    for (const { name, pid } of processes()) {
      const mib = rssMiB(pid);
      if (Number.isFinite(mib)) of(name, pid).rss.push({ t: Date.now(), mib });
    }
  };
  let stopped = false;
  const takeLive = async () => {
    for (const { name, pid, inspectorPort } of processes()) {
      if (inspectorPort === undefined || stopped) continue;
      const { liveMiB, codeMiB, queuedMiB } = await liveMemory(inspectorPort);
      // The port may already belong to the replica's successor: keep the figure only for the same process.
      // Judged: what lives less compiled code (live-heap.js), when the code is known.
      if (Number.isFinite(liveMiB) && processes().some((p) => p.pid === pid))
        of(name, pid).live.push({
          t: Date.now(),
          mib: Number.isFinite(codeMiB) ? liveMiB - codeMiB : liveMiB,
          liveMiB,
          codeMiB,
          queuedMiB,
        });
    }
  };
  takeRss();
  const rssTimer = setInterval(takeRss, everyMs);
  const liveLoop = (async () => {
    while (!stopped) {
      await takeLive();
      const until = Date.now() + LIVE_EVERY_MS;
      while (!stopped && Date.now() < until) await new Promise((r) => setTimeout(r, 500));
    }
  })();
  return {
    async stop() {
      if (stopped) return;
      stopped = true;
      clearInterval(rssTimer);
      await liveLoop;
      takeRss();
    },
    /**
     * Per process: resident start, end and peak; what lives at each sample; and the verdict of
     * judgeMemory over it (`windows`: the faults and their drains, left out).
     */
    summary(windows = []) {
      return [...series.entries()].map(([process, { rss, live }]) => {
        const t0 = rss[0]?.t ?? live[0]?.t;
        const verdict = judgeMemory(live, { t0, tEnd: Math.max(rss.at(-1)?.t ?? t0, live.at(-1)?.t ?? t0), windows });
        const { judged } = verdict;
        return {
          process,
          startMiB: rss[0]?.mib ?? NaN,
          endMiB: rss.at(-1)?.mib ?? NaN,
          peakMiB: Math.max(...rss.map((p) => p.mib)),
          minutes: ((rss.at(-1)?.t ?? t0) - t0) / 60_000,
          liveMiB: live.map((p) => Math.round(p.liveMiB)),
          /** Compiled code at the first and last sample (MiB), apart from what is judged. */
          codeMiB: [live[0]?.codeMiB ?? NaN, live.at(-1)?.codeMiB ?? NaN],
          /** Minutes judged and what lived at their start and end; which samples were left out and why. */
          judgedMinutes: verdict.minutes,
          judgedFromMiB: judged[0]?.y ?? NaN,
          judgedToMiB: judged.at(-1)?.y ?? NaN,
          judgedAt: judged.map((p) => Number(p.x.toFixed(1))),
          /** MiB queued to write on the replica's sockets at each sample. */
          queuedMiB: live.map((p) => Number((p.queuedMiB ?? NaN).toFixed(1))),
          leftOut: verdict.left.map((l) => `${l.minute.toFixed(1)} (${l.why})`),
          liveSlopeMiBPerMin: verdict.slopeMiBPerMin,
          /** The least-squares slope over the same samples, for comparison with earlier runs. */
          liveLeastSquaresMiBPerMin: verdict.leastSquaresMiBPerMin,
          slopeLimitMiBPerMin: verdict.limitMiBPerMin,
          ok: verdict.ok,
        };
      });
    },
  };
}

/**
 * The most a replica's live memory may rise a minute over `judgedMinutes` after its warm-up: 0.2 MiB/min
 * (12 MiB an hour, a day's growth a restart would have to hide), but a short window cannot resolve that
 * under the load's own swings (a few MiB while a fault's backlog drains), so there it is 3 MiB over
 * what is judged: a leak of 0.2 MiB/min is still caught by a run of 15 minutes or more.
 */
function slopeLimitMiBPerMin(judgedMinutes) {
  return Math.max(0.2, 3 / judgedMinutes);
}

module.exports = { sampleMemory, rssMiB, slope, robustSlope, judgeMemory, slopeLimitMiBPerMin };
