// Small helpers for the benchmarks: percentiles, bounded waiting, and a bounded concurrent load.
'use strict';

function percentile(sortedMs, p) {
  if (sortedMs.length === 0) return NaN;
  return sortedMs[Math.min(sortedMs.length - 1, Math.ceil((p / 100) * sortedMs.length) - 1)];
}

function summary(durationsMs) {
  const sorted = [...durationsMs].sort((a, b) => a - b);
  return { n: sorted.length, p50: percentile(sorted, 50), p99: percentile(sorted, 99), max: sorted.at(-1) };
}

/**
 * Calls `call` `times` times, one after another: wall-time percentiles, and this process's CPU a call
 * (ms): a loaded machine stretches the first, not the second.
 */
async function timed(times, call) {
  const durations = [];
  const cpu = process.cpuUsage();
  for (let i = 0; i < times; i++) {
    const t = performance.now();
    await call();
    durations.push(performance.now() - t);
  }
  const used = process.cpuUsage(cpu);
  return { ...summary(durations), cpuMs: (used.user + used.system) / 1000 / times };
}

/** Polls `probe` every `everyMs` until it returns true or `timeoutMs` passes; returns whether it did. */
async function waitUntil(probe, timeoutMs, everyMs = 250) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await probe()) return true;
    await new Promise((r) => setTimeout(r, everyMs));
  }
  return probe();
}

/** Runs `call` from `workers` loops until `durationMs` passes or `maxCalls` are made; each call is timed. */
async function load({ workers, durationMs, maxCalls, call }) {
  const durations = [];
  let failures = 0;
  let made = 0;
  const deadline = Date.now() + durationMs;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: workers }, async () => {
      while (Date.now() < deadline && made < maxCalls) {
        made++;
        const t = performance.now();
        if (!(await call())) failures++;
        durations.push(performance.now() - t);
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  return { ...summary(durations), failures, perSecond: durations.length / seconds };
}

const ms = (value) => `${value.toFixed(1)} ms`;

module.exports = { summary, timed, waitUntil, load, ms };
