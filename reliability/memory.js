// The replicas' memory while the suite runs, per replica process (a replica killed and started again
// is a new process with a series of its own): resident memory from /proc every few seconds (start,
// end, peak), and what lives after a full collection (heapUsed + external, through the replica's
// inspector: live-heap.js) twice a minute. A replica is judged by the slope of what lives (MiB a
// minute, least squares, after a minute of warm-up): a leak raises it, while resident memory also
// holds what the heap and the allocator grew to under a burst and keep.
'use strict';
const fs = require('node:fs');
const { liveMemoryMiB } = require('./live-heap');

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

const LIVE_EVERY_MS = 30_000;
const WARM_UP_MS = 60_000;

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
      const mib = await liveMemoryMiB(inspectorPort);
      // The port may already belong to the replica's successor: keep the figure only for the same process.
      if (Number.isFinite(mib) && processes().some((p) => p.pid === pid)) of(name, pid).live.push({ t: Date.now(), mib });
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
        const warm = live.filter((p) => p.t - t0 >= WARM_UP_MS).map((p) => ({ x: (p.t - t0) / 60_000, y: p.mib }));
        return {
          process,
          startMiB: rss[0]?.mib ?? NaN,
          endMiB: rss.at(-1)?.mib ?? NaN,
          peakMiB: Math.max(...rss.map((p) => p.mib)),
          minutes: ((rss.at(-1)?.t ?? t0) - t0) / 60_000,
          liveMiB: live.map((p) => Math.round(p.mib)),
          liveSlopeMiBPerMin: warm.length >= 3 ? slope(warm) : NaN,
        };
      });
    },
  };
}

module.exports = { sampleMemory, rssMiB, slope };
