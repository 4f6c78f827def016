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
const WARM_UP_MS = 2 * 60_000;
const WARM_UP_SHARE = 0.25;

/** The samples judged: those after the warm-up (the first quarter of the process's life, at least WARM_UP_MS). */
function afterWarmUp(live, t0, tEnd) {
  const warmUp = Math.max(WARM_UP_MS, WARM_UP_SHARE * (tEnd - t0));
  return live.filter((p) => p.t - t0 >= warmUp).map((p) => ({ x: (p.t - t0) / 60_000, y: p.mib }));
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
      const { liveMiB, codeMiB } = await liveMemory(inspectorPort);
      // The port may already belong to the replica's successor: keep the figure only for the same process.
      // Judged: what lives less compiled code (live-heap.js), when the code is known.
      if (Number.isFinite(liveMiB) && processes().some((p) => p.pid === pid))
        of(name, pid).live.push({ t: Date.now(), mib: Number.isFinite(codeMiB) ? liveMiB - codeMiB : liveMiB, liveMiB, codeMiB });
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
    /** Per process: resident start, end and peak; what lives at each sample; and its slope after the warm-up. */
    summary() {
      return [...series.entries()].map(([process, { rss, live }]) => {
        const t0 = rss[0]?.t ?? live[0]?.t;
        const warm = afterWarmUp(live, t0, Math.max(rss.at(-1)?.t ?? t0, live.at(-1)?.t ?? t0));
        return {
          process,
          startMiB: rss[0]?.mib ?? NaN,
          endMiB: rss.at(-1)?.mib ?? NaN,
          peakMiB: Math.max(...rss.map((p) => p.mib)),
          minutes: ((rss.at(-1)?.t ?? t0) - t0) / 60_000,
          liveMiB: live.map((p) => Math.round(p.liveMiB)),
          /** Compiled code at the first and last sample (MiB), apart from what is judged. */
          codeMiB: [live[0]?.codeMiB ?? NaN, live.at(-1)?.codeMiB ?? NaN],
          /** Minutes judged (after the warm-up) and what lived at their start and end. */
          judgedMinutes: warm.length >= 2 ? warm.at(-1).x - warm[0].x : 0,
          judgedFromMiB: warm[0]?.y ?? NaN,
          judgedToMiB: warm.at(-1)?.y ?? NaN,
          liveSlopeMiBPerMin: warm.length >= 3 ? robustSlope(warm) : NaN,
          /** The least-squares slope over the same samples, for comparison with earlier runs. */
          liveLeastSquaresMiBPerMin: warm.length >= 3 ? slope(warm) : NaN,
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
const slopeLimitMiBPerMin = (judgedMinutes) => Math.max(0.2, 3 / judgedMinutes);

module.exports = { sampleMemory, rssMiB, slope, robustSlope, afterWarmUp, slopeLimitMiBPerMin };
