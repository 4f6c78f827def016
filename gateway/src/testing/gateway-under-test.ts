// A HelioGateway run against pymodbus devices for a plant of a test server, and a bounded wait counted
// in the gateway's own cycles (never a wall-clock threshold).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseConfig } from '../config';
import { HelioGateway, type GatewayLog } from '../runtime/helio-gateway';
import type { PymodbusFixture } from './pymodbus-fixture';

export interface GatewayUnderTest {
  gateway: HelioGateway;
  log: string[];
  dataDir: string;
  /** The time of every report the gateway made (put in its outbox), across restarts. */
  reportTimes: number[];
  /** Stops the gateway as a power cut would leave it (its outbox on disk) and starts it again. */
  restart(): Promise<void>;
  /** Checks `probe` after each cycle until it answers a value; fails after `cycles` cycles. */
  within<T>(cycles: number, what: string, probe: () => Promise<T | undefined> | T | undefined): Promise<T>;
  stop(): Promise<void>;
}

export function startGateway(
  fixture: PymodbusFixture,
  broker: { url: string; thingName: string; password: string },
  options: { intervalMs?: number; sendPerSecond?: number } = {},
): GatewayUnderTest {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'helio-gateway-'));
  const parsed = parseConfig(
    {
      thingName: broker.thingName,
      mqtt: { url: broker.url, password: broker.password },
      devices: [
        { kind: 'inverter', host: '127.0.0.1', port: fixture.ports.inverter, unit: 1 },
        { kind: 'meter', host: '127.0.0.1', port: fixture.ports.meter, unit: 2 },
        { kind: 'battery', host: '127.0.0.1', port: fixture.ports.battery, unit: 3 },
      ],
      modbusTimeoutMs: 1000,
      dataDir,
    },
    dataDir,
  );
  // Faster than an installer may configure (1 s at least): the tests count cycles, not seconds.
  const config = { ...parsed, intervalMs: options.intervalMs ?? 1000 };
  const lines: string[] = [];
  const log: GatewayLog = {
    info: (m) => lines.push(`info ${m}`),
    warn: (m) => lines.push(`warn ${m}`),
    error: (m) => lines.push(`error ${m}`),
  };
  const reportTimes: number[] = [];
  const launch = () => {
    const gateway = new HelioGateway({ config, log, sendPerSecond: options.sendPerSecond });
    const report = gateway.link.report.bind(gateway.link);
    gateway.link.report = (reported, timestamp) => {
      reportTimes.push(timestamp);
      report(reported, timestamp);
    };
    gateway.start();
    return gateway;
  };
  const under: GatewayUnderTest = {
    gateway: launch(),
    log: lines,
    dataDir,
    reportTimes,
    async restart() {
      await under.gateway.stop();
      under.gateway = launch();
    },
    async within(cycles, what, probe) {
      for (let cycle = 0; ; cycle++) {
        const value = await probe();
        if (value !== undefined) return value;
        if (cycle >= cycles) throw new Error(`not within ${cycles} gateway cycles: ${what}\n${lines.slice(-15).join('\n')}`);
        await under.gateway.nextCycle();
      }
    },
    async stop() {
      await under.gateway.stop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
  return under;
}
