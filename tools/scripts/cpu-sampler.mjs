// Where a test run's CPU goes, machine-wide: bash's `times` counts only the processes a step waited
// for, not the browsers Playwright starts in sessions of their own, nor the PostgreSQL backends that
// serve jest's suites. This samples every process in /proc once a second and charges its CPU to the
// step whose session it runs in, else to its program (chromium, postgres, …). A process's last second
// before it exits is missed, so short-lived ones count low. Linux only; elsewhere it reports nothing.
import fs from 'node:fs';
import { scryptSync } from 'node:crypto';

const TICK = 100; // USER_HZ: /proc counts CPU in hundredths of a second on every Linux we run on

/** `{ pid, comm, sid, ticks }` of every process, or [] where there is no /proc. */
function processes() {
  let names;
  try {
    names = fs.readdirSync('/proc');
  } catch {
    return [];
  }
  const list = [];
  for (const name of names) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const stat = fs.readFileSync(`/proc/${name}/stat`, 'utf8');
      const close = stat.lastIndexOf(')');
      const fields = stat.slice(close + 2).split(' '); // fields[0] is the state (field 3)
      list.push({
        pid: Number(name),
        comm: stat.slice(stat.indexOf('(') + 1, close),
        sid: Number(fields[3]),
        ticks: Number(fields[11]) + Number(fields[12]),
      });
    } catch {
      // gone meanwhile
    }
  }
  return list;
}

/** Busy and total seconds of the whole machine since boot, from /proc/stat's first line. */
export function machineSeconds() {
  try {
    const [, ...values] = fs.readFileSync('/proc/stat', 'utf8').split('\n')[0].trim().split(/\s+/).map(Number);
    const total = values.slice(0, 8).reduce((a, b) => a + b, 0);
    const idle = values[3] + values[4];
    return { busy: (total - idle) / TICK, total: total / TICK };
  } catch {
    return { busy: 0, total: 0 };
  }
}

/**
 * A yardstick of this machine's speed today: milliseconds of CPU for one scrypt hash at the
 * production cost (N = 2^15, r = 8). ~50 ms on this project's fast days, 150+ on its slow ones.
 */
export function yardstickMs(hashes = 5) {
  const start = process.cpuUsage();
  for (let i = 0; i < hashes; i += 1) scryptSync('yardstick', 'salt', 32, { N: 2 ** 15, r: 8, p: 1, maxmem: 64 * 1024 * 1024 });
  const used = process.cpuUsage(start);
  return (used.user + used.system) / 1000 / hashes;
}

/** Starts sampling; `stop()` returns seconds of CPU by step name or program, largest first. */
export function sampleCpu(stepOfSession, intervalMs = 1000) {
  const seen = new Map(); // pid → ticks when last seen
  for (const p of processes()) seen.set(p.pid, p.ticks); // what ran before the run is not its cost
  const charged = new Map();
  const sample = () => {
    for (const p of processes()) {
      const before = seen.get(p.pid) ?? 0;
      seen.set(p.pid, p.ticks);
      if (p.ticks <= before) continue;
      const owner = stepOfSession.get(p.sid) ?? `${p.comm} (outside the steps)`;
      charged.set(owner, (charged.get(owner) ?? 0) + (p.ticks - before) / TICK);
    }
  };
  const timer = setInterval(sample, intervalMs);
  timer.unref();
  return {
    stop() {
      clearInterval(timer);
      sample();
      return [...charged.entries()].sort((a, b) => b[1] - a[1]);
    },
  };
}
