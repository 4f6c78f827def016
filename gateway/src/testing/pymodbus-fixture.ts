// Starts sunspec_fixture.py (Debian's pymodbus serving SunSpec maps laid out from the model
// definitions) and talks to it: which port each device listens on, a point's register as the fixture
// holds it, the plant's figures, a device stopped and started again.
import { execFileSync, spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import readline from 'node:readline';
import { DEFAULT_MODELS_DIR } from '../sunspec/model-defs';
import type { GroupValues } from './register-map';

export const PYTHON = process.env.GATEWAY_TEST_PYTHON ?? '/usr/bin/python3';

/** Why the pymodbus suites cannot run here, or undefined when they can. */
export function pymodbusMissing(): string | undefined {
  try {
    execFileSync(PYTHON, ['-c', 'import pymodbus.server.async_io'], { stdio: 'ignore', timeout: 20_000 });
    return undefined;
  } catch {
    return `${PYTHON} lacks pymodbus (Debian: apt-get install python3-pymodbus)`;
  }
}

export interface FixtureDevice {
  unit?: number;
  /** A fixed port; 0 or absent: one the system picks. */
  port?: number;
  base?: number;
  models: Array<{ id: number; values: GroupValues }>;
}

export interface FixtureSpec {
  devices: Record<string, FixtureDevice>;
  plant?: { pvAvailableW?: number; loadW?: number; batteryW?: number };
  tickMs?: number;
}

export interface PymodbusFixture {
  ports: Record<string, number>;
  /** Register address of each point, by device, model and point name (repeating groups as `module[0].DCW`). */
  addresses: Record<string, Record<string, Record<string, number>>>;
  /** A top-level point of a model as the fixture holds it: raw and in its unit. */
  read(device: string, model: number, point: string): Promise<{ raw: number | null; value: number | null }>;
  setPlant(figures: { pvAvailableW?: number; loadW?: number; batteryW?: number }): Promise<void>;
  /** Stores a top-level point of a model, given in its unit, as the device itself would. */
  put(device: string, model: number, point: string, value: number): Promise<void>;
  stopDevice(device: string): Promise<void>;
  startDevice(device: string): Promise<void>;
  close(): Promise<void>;
}

const FIXTURE = path.join(__dirname, 'sunspec_fixture.py');

export async function startPymodbus(spec: FixtureSpec): Promise<PymodbusFixture> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'helio-pymodbus-'));
  const specFile = path.join(dir, 'spec.json');
  fs.writeFileSync(specFile, JSON.stringify({ modelsDir: DEFAULT_MODELS_DIR, ...spec }));
  const child: ChildProcessWithoutNullStreams = spawn(PYTHON, [FIXTURE, specFile], { stdio: ['pipe', 'pipe', 'pipe'] });
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const lines = readline.createInterface({ input: child.stdout });
  const waiting = new Map<number, (answer: Record<string, unknown>) => void>();
  let ready: ((value: Record<string, unknown>) => void) | undefined;
  const readyAnswer = new Promise<Record<string, unknown>>((resolve, reject) => {
    ready = resolve;
    void exited.then(() => reject(new Error(`the pymodbus fixture exited: ${stderr}`)));
    setTimeout(() => reject(new Error(`the pymodbus fixture did not start within 20 s: ${stderr}`)), 20_000).unref();
  });
  lines.on('line', (line) => {
    const answer = JSON.parse(line) as Record<string, unknown>;
    if (answer.ready) return ready?.(answer);
    waiting.get(answer.id as number)?.(answer);
  });
  let nextId = 1;
  const ask = (command: Record<string, unknown>): Promise<Record<string, unknown>> => {
    const id = nextId++;
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`the pymodbus fixture did not answer ${JSON.stringify(command)}`)), 10_000);
      waiting.set(id, (answer) => {
        clearTimeout(timer);
        waiting.delete(id);
        if (answer.error) reject(new Error(`pymodbus fixture: ${String(answer.error)}`));
        else resolve(answer);
      });
      child.stdin.write(`${JSON.stringify({ ...command, id })}\n`);
    });
  };
  const started = (await readyAnswer.catch(async (error: unknown) => {
    child.kill('SIGKILL');
    throw error;
  })) as { ports: Record<string, number>; addresses: PymodbusFixture['addresses'] };
  return {
    ports: started.ports,
    addresses: started.addresses,
    read: async (device, model, point) => {
      const answer = await ask({ cmd: 'read', device, model, point });
      return { raw: answer.raw as number | null, value: answer.value as number | null };
    },
    setPlant: async (figures) => {
      await ask({ cmd: 'set', ...figures });
    },
    put: async (device, model, point, value) => {
      await ask({ cmd: 'put', device, model, point, value });
    },
    stopDevice: async (device) => {
      await ask({ cmd: 'stop', device });
    },
    startDevice: async (device) => {
      await ask({ cmd: 'start', device });
    },
    close: async () => {
      child.stdin.end();
      const killer = setTimeout(() => child.kill('SIGKILL'), 3000);
      await exited;
      clearTimeout(killer);
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
