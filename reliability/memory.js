// The replicas' resident memory (from /proc) sampled every few seconds: start, end and the slope of
// a least-squares line through each minute's lowest sample (MiB a minute), per replica process. A replica killed and
// started again is a new process with a series of its own.
'use strict';
const fs = require('node:fs');

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

/** Samples `processes()` (→ [{ name, pid }]) every `everyMs` until stopped. */
function sampleMemory(processes, everyMs) {
  const series = new Map(); // `${name} (pid ${pid})` → [{ t, mib }]
  const take = () => {
    for (const { name, pid } of processes()) {
      const mib = rssMiB(pid);
      if (!Number.isFinite(mib)) continue;
      const key = `${name} (pid ${pid})`;
      if (!series.has(key)) series.set(key, []);
      series.get(key).push({ t: Date.now(), mib });
    }
  };
  take();
  const timer = setInterval(take, everyMs);
  let stopped = false;
  return {
    stop() {
      if (stopped) return;
      stopped = true;
      clearInterval(timer);
      take();
    },
    /**
     * Per process: start, end, peak, the lowest figure of each minute, and the slope (MiB a minute)
     * of those lows after the first minute of warm-up. The lows are what the heap keeps after its
     * collections: a leak raises them, while the saw of collecting (tens of MiB) would swamp a slope
     * through every sample of a few minutes.
     */
    summary() {
      return [...series.entries()].map(([process, points]) => {
        const t0 = points[0].t;
        const lows = [];
        for (const p of points) {
          const minute = Math.floor((p.t - t0) / 60_000);
          lows[minute] = Math.min(lows[minute] ?? Infinity, p.mib);
        }
        const warmLows = lows.map((mib, minute) => ({ x: minute, y: mib })).filter((p) => p.x >= 1 && Number.isFinite(p.y));
        const fit = warmLows.length >= 3 ? warmLows : points.map((p) => ({ x: (p.t - t0) / 60_000, y: p.mib }));
        return {
          process,
          startMiB: points[0].mib,
          endMiB: points.at(-1).mib,
          peakMiB: Math.max(...points.map((p) => p.mib)),
          minutes: (points.at(-1).t - t0) / 60_000,
          lowPerMinuteMiB: lows.map((mib) => Math.round(mib)),
          slopeMiBPerMin: slope(fit),
        };
      });
    },
  };
}

module.exports = { sampleMemory, rssMiB, slope };
