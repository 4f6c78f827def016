// CPU time of processes (Linux /proc), to tell whether the replicas are still busy with something
// else (storing an ingest backlog) before a measurement starts, and what each one spent during it.
'use strict';
const fs = require('node:fs');

const TICKS_PER_SECOND = 100; // USER_HZ on Linux

/** User + system CPU seconds a process has used so far, or NaN when it is gone. */
function cpuSeconds(pid) {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    // the command name (field 2) may hold spaces: count fields after its closing parenthesis
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) / TICKS_PER_SECOND;
  } catch {
    return NaN;
  }
}

/** CPU seconds the whole machine has been busy (every core; idle and I/O wait left out). */
function machineBusySeconds() {
  const fields = fs.readFileSync('/proc/stat', 'utf8').split('\n')[0].trim().split(/\s+/).slice(1).map(Number);
  const idle = fields[3] + fields[4];
  return (fields.reduce((a, b) => a + b, 0) - idle) / TICKS_PER_SECOND;
}

/** Starts counting; `share()` answers each process's CPU use since then, in cores (1 = one core busy). */
function cpuMeter(pids) {
  const started = performance.now();
  const before = pids.map(cpuSeconds);
  return {
    share: () => {
      const seconds = (performance.now() - started) / 1000;
      return pids.map((pid, i) => (cpuSeconds(pid) - before[i]) / seconds);
    },
  };
}

/**
 * Waits until every process uses less than `maxCores` over one second (at most `timeoutMs`); answers
 * how long it waited, whether they became quiet and their use in the last second.
 */
async function untilQuiet(pids, { maxCores = 0.1, timeoutMs = 120_000 } = {}) {
  const started = performance.now();
  for (;;) {
    const meter = cpuMeter(pids);
    await new Promise((resolve) => setTimeout(resolve, 1000));
    const shares = meter.share();
    const quiet = shares.every((s) => !(s >= maxCores));
    const waitedMs = performance.now() - started;
    if (quiet || waitedMs >= timeoutMs) return { quiet, waitedMs, shares };
  }
}

/**
 * A process's main thread (its event loop, for Node) from /proc/<pid>/schedstat: seconds on a CPU,
 * seconds runnable but waiting for one (the scheduler's run queue), and how many times it ran. On a
 * machine with more runnable threads than cores the wait is what a request arriving then waits too.
 */
function mainThreadSchedule(pid) {
  try {
    const [onCpu, waiting, slices] = fs.readFileSync(`/proc/${pid}/schedstat`, 'utf8').trim().split(/\s+/).map(Number);
    return { onCpu: onCpu / 1e9, waiting: waiting / 1e9, slices };
  } catch {
    return { onCpu: NaN, waiting: NaN, slices: NaN };
  }
}

module.exports = { cpuSeconds, cpuMeter, untilQuiet, machineBusySeconds, mainThreadSchedule };
