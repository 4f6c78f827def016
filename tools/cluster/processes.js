// Child processes of the cluster: started with their output in a log file, their pid recorded in
// the state dir (so `npm run cluster -- --stop` finds them from another shell), and stopped by pid.
'use strict';
const { spawn, spawnSync } = require('node:child_process');
const fs = require('node:fs');
const net = require('node:net');
const path = require('node:path');

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

function isAlive(pid) {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/**
 * Starts `command` with stdout and stderr appended to `<stateDir>/logs/<name>.log` and its pid in
 * `<stateDir>/pids/<name>.pid`. `detached` processes outlive the caller (the CLI); otherwise the
 * caller stops them (the benches and the reliability suite).
 */
function startProcess({ stateDir, name, command, args, env, detached = false }) {
  fs.mkdirSync(path.join(stateDir, 'logs'), { recursive: true });
  fs.mkdirSync(path.join(stateDir, 'pids'), { recursive: true });
  const logFd = fs.openSync(path.join(stateDir, 'logs', `${name}.log`), 'a');
  const child = spawn(command, args, { env: env ?? process.env, stdio: ['ignore', logFd, logFd], detached });
  fs.closeSync(logFd);
  if (detached) child.unref();
  fs.writeFileSync(pidFile(stateDir, name), `${child.pid}\n`);
  const exited = new Promise((resolve) => child.once('exit', (code, signal) => resolve({ code, signal })));
  return { name, pid: child.pid, child, exited };
}

const pidFile = (stateDir, name) => path.join(stateDir, 'pids', `${name}.pid`);

/** SIGTERM, then SIGKILL after `graceMs`; resolves when the process is gone. Removes its pid file. */
async function stopPid(pid, { graceMs = 10_000, signal = 'SIGTERM' } = {}) {
  if (!pid || !isAlive(pid)) return false;
  try {
    process.kill(pid, signal);
  } catch {
    return false;
  }
  const deadline = Date.now() + graceMs;
  while (Date.now() < deadline && isAlive(pid)) await sleep(100);
  if (isAlive(pid)) {
    try {
      process.kill(pid, 'SIGKILL');
    } catch {
      /* gone meanwhile */
    }
    for (let i = 0; i < 50 && isAlive(pid); i++) await sleep(100);
  }
  return true;
}

/** Stops the process named by a pid file (if alive) and removes the file. */
async function stopByPidFile(stateDir, name, options) {
  const file = pidFile(stateDir, name);
  if (!fs.existsSync(file)) return false;
  const pid = Number(fs.readFileSync(file, 'utf8').trim());
  const stopped = await stopPid(pid, options);
  fs.rmSync(file, { force: true });
  return stopped;
}

function listPidFiles(stateDir) {
  const dir = path.join(stateDir, 'pids');
  return fs.existsSync(dir)
    ? fs
        .readdirSync(dir)
        .filter((f) => f.endsWith('.pid'))
        .map((f) => f.slice(0, -4))
    : [];
}

/** Resolves when something accepts TCP connections on 127.0.0.1:port, or throws after timeoutMs. */
async function waitForPort(port, timeoutMs, what) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const open = await new Promise((resolve) => {
      const socket = net.connect({ host: '127.0.0.1', port }, () => {
        socket.destroy();
        resolve(true);
      });
      socket.on('error', () => resolve(false));
      socket.setTimeout(1000, () => {
        socket.destroy();
        resolve(false);
      });
    });
    if (open) return;
    await sleep(200);
  }
  throw new Error(`${what} did not open 127.0.0.1:${port} within ${timeoutMs / 1000} s`);
}

/** Resolves when GET url answers 200, or throws after timeoutMs (also when `proc` exits first). */
async function waitForHealth(url, timeoutMs, proc) {
  const deadline = Date.now() + timeoutMs;
  let exited = false;
  proc?.exited.then(() => (exited = true));
  while (Date.now() < deadline && !exited) {
    // Answering within 5 s counts, as for HAProxy's health check (timeout check 5s).
    const ok = await fetch(url, { signal: AbortSignal.timeout(5000) })
      .then((r) => r.ok)
      .catch(() => false);
    if (ok) return;
    await sleep(250);
  }
  throw new Error(`${url} did not answer 200 within ${timeoutMs / 1000} s${exited ? ` (${proc.name} exited)` : ''}`);
}

/** Whether nothing listens on 127.0.0.1:port (so a process of ours may take it). */
function portIsFree(port) {
  return new Promise((resolve) => {
    const server = net.createServer();
    server.once('error', () => resolve(false));
    server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)));
  });
}

/** Runs a command to its end; throws with its output when it fails. */
function run(command, args, options = {}) {
  const result = spawnSync(command, args, { encoding: 'utf8', ...options });
  if (result.status !== 0) {
    throw new Error(
      `${command} ${args.join(' ')} failed (${result.status ?? result.signal}): ${(result.stderr || result.stdout || result.error?.message || '').trim()}`,
    );
  }
  return result.stdout;
}

module.exports = {
  sleep,
  isAlive,
  startProcess,
  stopPid,
  stopByPidFile,
  listPidFiles,
  pidFile,
  waitForPort,
  waitForHealth,
  portIsFree,
  run,
};
