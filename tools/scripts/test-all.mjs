// `npm test`: every check, in three lanes side by side on a 2-core machine. Each step's output goes
// to a log, printed whole when the step ends (so two steps never interleave); the first failure stops
// the rest. At the end: the wall and CPU time of each step, and where the machine's CPU went.
//
// Priority: the journeys and the reliability suite wait on timers, browsers and servers and have time
// bounds; lint, format and the type-check only need the CPU left over; jest waits for the journeys
// (its own waits have bounds too). Each step is a session of its own (it is killed as a process
// group), and Linux's autogroup scheduler shares the CPU between sessions, not processes: a plain
// `nice` inside a step does not yield to another step (what the tries of 2026-11-29 morning, nice 5
// and 10, ran into: ci-19, ci-20). So a background step's whole session gets a lower weight through
// /proc/<pid>/autogroup, and `nice` as well where the kernel has no autogroup. The build runs at
// normal weight: the journeys wait for it.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { machineSeconds, sampleCpu, yardstickMs } from './cpu-sampler.mjs';

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..', '..');
const logDir = fs.mkdtempSync(path.join(os.tmpdir(), 'helio-test-'));
const npm = (script) => ['npm', ['run', '--silent', script]];

/** Each lane's steps run in order; `after` names steps of another lane a step waits for. */
const LANES = [
  [
    // The build only emits: the type-check step checks every project (HELIO_BUILD_TYPECHECKED).
    { name: 'build', run: npm('build'), env: { HELIO_BUILD_TYPECHECKED: '1' } },
    { name: 'journeys (Playwright)', run: npm('test:e2e') },
  ],
  [
    { name: 'lint', run: npm('lint'), background: true },
    { name: 'format', run: ['npx', ['prettier', '--check', '--log-level', 'warn', '.']], background: true },
    // After the journeys, at full weight: the journeys' browsers and servers alone keep both cores
    // busy (~1.7 cores, ci-25), so jest beside them either slowed them past their bounds (at equal
    // weight) or got a tenth of the CPU under its own (at nice 10). Two suites read the built console.
    { name: 'jest', run: npm('test:unit'), after: ['build', 'journeys (Playwright)'] },
  ],
  // The reliability short form, a minute of a small cluster under load, waits on its brokers and
  // database more than it computes and runs beside jest instead of after it.
  [
    { name: 'typecheck', run: npm('typecheck'), background: true },
    { name: 'reliability (short)', run: npm('test:reliability'), after: ['build'] },
  ],
];

/** A background step's weight: autogroup nice 10 is about a tenth of a normal session's share. */
const BACKGROUND_NICE = 10;

/** Lowers the weight of the session `pid` leads; false where the kernel has no autogroup. */
function lowerSession(pid) {
  try {
    fs.writeFileSync(`/proc/${pid}/autogroup`, String(BACKGROUND_NICE));
  } catch {
    // no autogroup (or not Linux): the `nice` in the step's command still applies
  }
}

const finished = new Map(); // step name → promise settled when it ends
const settle = new Map();
for (const step of LANES.flat()) finished.set(step.name, new Promise((resolve, reject) => settle.set(step.name, { resolve, reject })));
for (const promise of finished.values()) promise.catch(() => undefined);

const timings = [];
const running = new Set();
let stopping = false;
const yardstickBefore = yardstickMs();
const stepOfSession = new Map(); // session id (the step's bash) → step name, for the CPU sampler
const sampler = sampleCpu(stepOfSession);
const machineBefore = machineSeconds();
const started = Date.now();

/** How long a stopped step has to end on SIGINT before its process group gets SIGTERM. */
const STOP_GRACE_MS = 10_000;

const signalGroup = (child, signal) => {
  try {
    process.kill(-child.pid, signal); // the step's whole process group: servers, browsers, workers
  } catch {
    // already gone
  }
};

// SIGINT first: Playwright stops its web servers on it (they run in process groups of their own), where
// a SIGTERM ends the runner at once and leaves them listening on the journeys' ports for the next run.
function stopAll() {
  stopping = true;
  for (const child of running) signalGroup(child, 'SIGINT');
  setTimeout(() => {
    for (const child of running) signalGroup(child, 'SIGTERM');
  }, STOP_GRACE_MS).unref();
}

/** User + system seconds of the step's children, from the second line of bash's `times` ("1m2.5s 0m3.1s"). */
function cpuSeconds(file) {
  try {
    const children = fs.readFileSync(file, 'utf8').trim().split('\n')[1] ?? '';
    return children
      .split(/\s+/)
      .map((t) => /^(\d+)m([\d.]+)s$/.exec(t))
      .reduce((sum, m) => sum + (m ? Number(m[1]) * 60 + Number(m[2]) : 0), 0);
  } catch {
    return 0; // the step was stopped before bash could report
  }
}

function runStep(step) {
  const [command, args] = step.run;
  const log = path.join(logDir, `${step.name.replace(/\W+/g, '-')}.log`);
  const out = fs.openSync(log, 'w');
  const t0 = Date.now();
  process.stdout.write(`▶ ${step.name}\n`);
  // Run through bash so its `times` can report the CPU the step's processes used (user + system of
  // every waited-for descendant: servers, browsers, jest workers): wall time alone says little on a
  // machine whose other load changes from run to run.
  const cpuFile = `${log}.cpu`;
  const nice = step.background ? `nice -n ${BACKGROUND_NICE} ` : '';
  const script = `${nice}"$@"; rc=$?; times > ${JSON.stringify(cpuFile)}; exit $rc`;
  const child = spawn('bash', ['-c', script, step.name, command, ...args], {
    cwd: root,
    env: { ...process.env, ...step.env },
    stdio: ['ignore', out, out],
    detached: true,
  });
  running.add(child);
  stepOfSession.set(child.pid, step.name);
  if (step.background) child.once('spawn', () => lowerSession(child.pid));
  return new Promise((resolve, reject) => {
    child.on('exit', (code, signal) => {
      running.delete(child);
      fs.closeSync(out);
      const seconds = (Date.now() - t0) / 1000;
      const cpu = cpuSeconds(cpuFile);
      const ok = code === 0;
      if (stopping && !ok) return reject(new Error(`${step.name}: stopped`));
      timings.push({ name: step.name, seconds, cpu, ok });
      process.stdout.write(
        `\n── ${step.name}: ${ok ? 'passed' : `FAILED (${signal ?? `exit ${code}`})`} in ${seconds.toFixed(0)} s (CPU ${cpu.toFixed(0)} s) ──\n`,
      );
      const text = fs.readFileSync(log, 'utf8').trimEnd();
      if (text) process.stdout.write(`${text}\n`);
      ok ? resolve() : reject(new Error(`${step.name} failed`));
    });
  });
}

async function runLane(lane) {
  for (const step of lane) {
    await Promise.all((step.after ?? []).map((name) => finished.get(name)));
    if (stopping) return;
    try {
      await runStep(step);
      settle.get(step.name).resolve();
    } catch (error) {
      settle.get(step.name).reject(error);
      stopAll();
      throw error;
    }
  }
}

const results = await Promise.allSettled(LANES.map(runLane));
const total = (Date.now() - started) / 1000;
const cpuTotal = timings.reduce((sum, t) => sum + t.cpu, 0);
process.stdout.write('\nnpm test, by step (wall time, the lanes side by side; CPU time of the processes of each step):\n');
for (const { name, seconds, cpu, ok } of timings)
  process.stdout.write(
    `  ${ok ? '✓' : '✗'} ${name.padEnd(24)} ${seconds.toFixed(0).padStart(5)} s   CPU ${cpu.toFixed(0).padStart(5)} s\n`,
  );
process.stdout.write(
  `  ${'total'.padEnd(26)} ${total.toFixed(0).padStart(5)} s   CPU ${cpuTotal.toFixed(0).padStart(5)} s on ${os.cpus().length} cores, load at the end ${os.loadavg()[0].toFixed(1)}   (logs: ${logDir})\n`,
);
const machine = machineSeconds();
const busy = machine.busy - machineBefore.busy;
process.stdout.write(
  `  the machine: ${busy.toFixed(0)} s of CPU busy of ${(machine.total - machineBefore.total).toFixed(0)} s; ` +
    `a scrypt hash (N = 2^15) took ${yardstickBefore.toFixed(0)} ms of CPU before the run, ${yardstickMs().toFixed(0)} ms after ` +
    '(~50 ms on a fast day)\n',
);
process.stdout.write('  CPU by step, every process sampled from /proc each second (browsers and database backends too):\n');
for (const [owner, seconds] of sampler.stop().filter(([, s]) => s >= 1))
  process.stdout.write(`    ${owner.padEnd(40)} ${seconds.toFixed(0).padStart(5)} s\n`);
process.exit(results.some((r) => r.status === 'rejected') ? 1 : 0);
