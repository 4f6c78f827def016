// Holding registers of one Modbus TCP unit through modbus-serial: one request at a time (a device's
// Modbus server answers one), a timeout on each, and a fresh connection after any failure of the
// link itself. A Modbus exception (the device refusing an address) leaves the connection up.
import ModbusRTU from 'modbus-serial';
import type { RegisterIo } from '../sunspec/chain';

export interface ModbusTarget {
  host: string;
  port: number;
  unit: number;
  /** Per request and for connecting. */
  timeoutMs: number;
}

const EXCEPTIONS: Record<number, string> = {
  1: 'illegal function',
  2: 'illegal data address',
  3: 'illegal data value',
  4: 'server device failure',
  6: 'server device busy',
  10: 'gateway path unavailable',
  11: 'gateway target device failed to respond',
};

/** An error of the link (refused, timed out, closed): the connection is dropped and made again. */
export class ModbusLinkError extends Error {
  readonly transport = true;
}

export class ModbusTcpIo implements RegisterIo {
  private client: ModbusRTU | undefined;
  private queue: Promise<unknown> = Promise.resolve();

  constructor(readonly target: ModbusTarget) {}

  get label(): string {
    return `${this.target.host}:${this.target.port} unit ${this.target.unit}`;
  }

  read(address: number, count: number): Promise<number[]> {
    return this.serially(async (client) => (await client.readHoldingRegisters(address, count)).data);
  }

  write(address: number, values: readonly number[]): Promise<void> {
    return this.serially(async (client) => {
      await client.writeRegisters(address, [...values]);
    });
  }

  /** Closes the connection; the next request opens a new one. */
  async close(): Promise<void> {
    const client = this.client;
    this.client = undefined;
    if (client?.isOpen) await new Promise<void>((resolve) => client.close(() => resolve()));
  }

  private serially<T>(request: (client: ModbusRTU) => Promise<T>): Promise<T> {
    const run = this.queue.then(async () => {
      try {
        return await request(await this.open());
      } catch (error) {
        throw await this.failed(error);
      }
    });
    this.queue = run.catch(() => undefined);
    return run;
  }

  private async open(): Promise<ModbusRTU> {
    if (this.client?.isOpen) return this.client;
    const client = new ModbusRTU();
    this.client = client;
    await client.connectTCP(this.target.host, { port: this.target.port, timeout: this.target.timeoutMs });
    client.setID(this.target.unit);
    client.setTimeout(this.target.timeoutMs);
    return client;
  }

  private async failed(error: unknown): Promise<Error> {
    const code = (error as { modbusCode?: unknown }).modbusCode;
    if (typeof code === 'number') return new Error(`Modbus exception ${code} (${EXCEPTIONS[code] ?? 'unknown'})`);
    // A timed-out answer may still arrive later and be taken for the next request's: start afresh.
    const client = this.client;
    this.client = undefined;
    client?.destroy?.(() => undefined);
    const message = error instanceof Error ? error.message : String(error);
    return new ModbusLinkError(`${this.label}: ${message}`);
  }
}
