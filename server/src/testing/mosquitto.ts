// A private Mosquitto for one test suite: its own process, port (≥ 18900, never the system broker's
// 1883) and config with the password and ACL files under test. Suites skip, saying so, without the binary.
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { until } from './until';

export const MOSQUITTO_BIN = process.env.MOSQUITTO_BIN ?? '/usr/sbin/mosquitto';

export const mosquittoInstalled = (): boolean => fs.existsSync(MOSQUITTO_BIN);

export interface MosquittoProcess {
  url: string;
  port: number;
  /** What the broker logged (for failure messages). */
  output(): string;
  /** Re-reads the password and ACL files (SIGHUP), as an operator does after Helio rewrote them. */
  reload(): Promise<void>;
  /** Freezes the broker (SIGSTOP), resolving once it has stopped: connections stay open, nothing is answered. A frozen broker stops by SIGKILL. */
  freeze(): Promise<void>;
  stop(): Promise<void>;
}

function portIsFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const server = net.createServer();
    server.once('error', () => resolve(false));
    server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)));
  });
}

export async function freePortFrom(first: number): Promise<number> {
  // Start at a random offset so parallel suites rarely race for the same port.
  for (let port = first + Math.floor(Math.random() * 50); port < first + 1000; port++) {
    if (await portIsFree(port)) return port;
  }
  throw new Error(`no free port from ${first}`);
}

function answers(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect({ host: '127.0.0.1', port });
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

/** Starts Mosquitto with password_file and acl_file, anonymous clients refused; on `port` to start one again where it was. */
export async function startMosquitto(
  dir: string,
  files: { passwordFile: string; aclFile: string },
  port?: number,
): Promise<MosquittoProcess> {
  port ??= await freePortFrom(18900);
  const configFile = path.join(dir, 'mosquitto.conf');
  fs.writeFileSync(
    configFile,
    [
      `listener ${port} 127.0.0.1`,
      'allow_anonymous false',
      `password_file ${files.passwordFile}`,
      `acl_file ${files.aclFile}`,
      'persistence false',
      // Started as root, Mosquitto would switch to the `mosquitto` user, which cannot read our 0600 files.
      ...(process.getuid?.() === 0 ? ['user root'] : []),
      'log_dest stderr',
      'log_type error',
      'log_type warning',
      'log_type notice',
      '',
    ].join('\n'),
  );
  let log = '';
  const child: ChildProcess = spawn(MOSQUITTO_BIN, ['-c', configFile], { stdio: ['ignore', 'pipe', 'pipe'] });
  child.stdout?.on('data', (chunk: Buffer) => (log += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (log += chunk.toString()));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  let frozen = false;
  const deadline = Date.now() + 5000;
  while (!(await answers(port))) {
    if (child.exitCode !== null || Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`mosquitto did not start on ${port}: ${log}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return {
    url: `mqtt://127.0.0.1:${port}`,
    port,
    output: () => log,
    async reload() {
      child.kill('SIGHUP');
      await new Promise((resolve) => setTimeout(resolve, 300));
    },
    async freeze() {
      frozen = true;
      child.kill('SIGSTOP');
      // kill() only queues the signal: until the kernel has stopped it, the broker may still answer.
      await until(() => /^\d+ \(.*\) T/.test(fs.readFileSync(`/proc/${child.pid}/stat`, 'utf8')), 'mosquitto stopped on SIGSTOP');
    },
    async stop() {
      // A frozen broker is killed where it stands: woken to handle a SIGTERM, it would first answer
      // what waited on its sockets.
      if (child.exitCode === null) child.kill(frozen ? 'SIGKILL' : 'SIGTERM');
      await exited;
    },
  };
}

/** Mosquitto in `dir` with one login that may use every topic (a client's own tests, not the ACL's). */
export function startMosquittoWithLogin(dir: string, username: string, password: string): Promise<MosquittoProcess> {
  const passwordFile = path.join(dir, 'passwords');
  const aclFile = path.join(dir, 'acl');
  execFileSync('mosquitto_passwd', ['-b', '-c', passwordFile, username, password]);
  fs.writeFileSync(aclFile, `user ${username}\ntopic readwrite #\n`);
  fs.chmodSync(passwordFile, 0o600);
  fs.chmodSync(aclFile, 0o600);
  return startMosquitto(dir, { passwordFile, aclFile });
}
