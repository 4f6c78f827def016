// What each journey costs the browser: with E2E_CPU_REPORT=<file>, every test appends one JSON line
// with the CPU seconds its worker's Chromium processes spent while it ran. Chromium is most of the
// run's CPU (bench/RESULTS.md), and bash's `times` never sees it: Playwright starts it in a session
// of its own. Linux only (/proc); elsewhere, and without the variable, it records nothing.
import fs from 'node:fs';

const TICK = 100; // USER_HZ: /proc counts CPU in hundredths of a second

/** CPU seconds of every process below `root`, with what their exited children spent (cutime/cstime). */
export function treeCpuSeconds(root: number): number {
  let names: string[];
  try {
    names = fs.readdirSync('/proc');
  } catch {
    return 0;
  }
  const children = new Map<number, number[]>();
  const ticks = new Map<number, number>();
  for (const name of names) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const stat = fs.readFileSync(`/proc/${name}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' '); // fields[0] is field 3, the state
      const pid = Number(name);
      const parent = Number(fields[1]);
      children.set(parent, [...(children.get(parent) ?? []), pid]);
      ticks.set(pid, Number(fields[11]) + Number(fields[12]) + Number(fields[13]) + Number(fields[14]));
    } catch {
      // gone meanwhile
    }
  }
  let sum = 0;
  const queue = [...(children.get(root) ?? [])];
  while (queue.length > 0) {
    const pid = queue.pop() as number;
    sum += ticks.get(pid) ?? 0;
    queue.push(...(children.get(pid) ?? []));
  }
  return sum / TICK;
}

/** Starts measuring a test; the returned function appends its line to the report. */
export function meterBrowserCpu(file: string, title: string): () => void {
  const report = process.env.E2E_CPU_REPORT;
  if (!report) return () => undefined;
  const cpuBefore = treeCpuSeconds(process.pid);
  const started = Date.now();
  return () => {
    const line = {
      file,
      title,
      browserCpuSeconds: Math.round((treeCpuSeconds(process.pid) - cpuBefore) * 100) / 100,
      wallSeconds: Math.round((Date.now() - started) / 100) / 10,
    };
    fs.appendFileSync(report, `${JSON.stringify(line)}\n`);
  };
}
