// BENCH_TRACE_GC=1: the replicas run with --trace-gc (V8 prints each collection and its pause to the
// replica's log), and the bench sums the pauses written while it measured: whether collections make
// the read tail.
'use strict';
const fs = require('node:fs');
const path = require('node:path');

const enabled = () => process.env.BENCH_TRACE_GC === '1';
/** BENCH_SEMI_SPACE_MB: the replicas' young generation (V8's semi-space) in MB, to try fewer scavenges. */
const nodeArgs = () => [
  ...(enabled() ? ['--trace-gc'] : []),
  ...(process.env.BENCH_SEMI_SPACE_MB ? [`--max-semi-space-size=${Number(process.env.BENCH_SEMI_SPACE_MB)}`] : []),
];
const logOf = (stateDir, index) => path.join(stateDir, 'logs', `replica-${index + 1}.log`);

/** Marks where each replica's log ends now; `pauses()` then reads the collections logged since. */
function gcWindow(stateDir, replicas) {
  const sizes = replicas.map((_, i) => (fs.existsSync(logOf(stateDir, i)) ? fs.statSync(logOf(stateDir, i)).size : 0));
  return {
    /** Per replica: collections, their summed and longest pause in ms (V8's "x / y ms" is the pause, then the time in the background). */
    pauses: () =>
      replicas.map((_, i) => {
        const text = fs.readFileSync(logOf(stateDir, i), 'utf8').slice(sizes[i]);
        const found = [...text.matchAll(/ms: (Scavenge|Mark-Compact|Minor Mark-Sweep|Mark-Sweep)[^\n]*?, ([\d.]+) \/ [\d.]+ ms/g)];
        const durations = found.map((m) => Number(m[2]));
        return { count: durations.length, total: durations.reduce((a, b) => a + b, 0), max: Math.max(0, ...durations) };
      }),
  };
}

module.exports = { enabled, nodeArgs, gcWindow };
