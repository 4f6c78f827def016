#!/usr/bin/env node
// helio-gateway --config gateway.json       runs the gateway (npm run gateway -- --config gateway.json)
// helio-gateway --scan HOST:PORT [--unit N]  prints what a SunSpec device offers
import { parseArgs } from 'node:util';
import { ConfigError, loadConfig } from './config';
import { ModbusTcpIo } from './modbus/modbus-tcp';
import { HelioGateway, type GatewayLog } from './runtime/helio-gateway';
import { scanDevice, scanReport } from './scan';
import { shippedModels } from './sunspec/model-defs';
import { GATEWAY_VERSION } from './version';

const USAGE = `helio-gateway ${GATEWAY_VERSION}
  helio-gateway --config gateway.json       read the plant's devices and report them to Helio
  helio-gateway --scan HOST:PORT [--unit N]  list a SunSpec device's models and points (unit 1 by default)`;

const log: GatewayLog = {
  info: (message) => console.log(message),
  warn: (message) => console.warn(`warning: ${message}`),
  error: (message) => console.error(`error: ${message}`),
};

const LOOPBACK = new Set(['localhost', '127.0.0.1', '[::1]', '::1']);

async function scan(target: string, unitText: string | undefined, timeoutText: string | undefined): Promise<number> {
  const match = /^(.+):(\d{1,5})$/.exec(target);
  const unit = Number(unitText ?? 1);
  const timeoutMs = Number(timeoutText ?? 3000);
  if (!match || Number(match[2]) > 65535) return usage(`--scan takes HOST:PORT, e.g. 192.168.1.20:502 (it is "${target}")`);
  if (!Number.isInteger(unit) || unit < 0 || unit > 255) return usage(`--unit takes a whole number from 0 to 255 (it is "${unitText}")`);
  const io = new ModbusTcpIo({ host: match[1]!, port: Number(match[2]), unit, timeoutMs });
  try {
    const result = await scanDevice(io, shippedModels());
    console.log(scanReport({ host: match[1]!, port: Number(match[2]), unit }, result).join('\n'));
    return 0;
  } catch (error) {
    console.error(`scan of ${target} unit ${unit} failed: ${(error as Error).message}`);
    return 1;
  } finally {
    await io.close();
  }
}

async function run(configFile: string): Promise<number> {
  let config;
  try {
    config = loadConfig(configFile);
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(`${configFile}: ${error.message}`);
      return 2;
    }
    throw error;
  }
  const broker = new URL(config.mqtt.url);
  if ((broker.protocol === 'mqtt:' || broker.protocol === 'ws:') && !LOOPBACK.has(broker.hostname)) {
    log.warn(`the link to ${broker.host} is not encrypted: use mqtts:// (or wss://) so the password and the plant's data travel under TLS`);
  }
  const gateway = new HelioGateway({ config, log });
  log.info(
    `helio-gateway ${GATEWAY_VERSION}: ${config.thingName}, ${config.devices.length} device(s), every ${config.intervalMs} ms, outbox ${config.dataDir}`,
  );
  gateway.start();
  await new Promise<void>((resolve) => {
    process.once('SIGINT', resolve);
    process.once('SIGTERM', resolve);
  });
  await gateway.stop();
  return 0;
}

function usage(problem?: string): number {
  if (problem) console.error(problem);
  console.error(USAGE);
  return 2;
}

async function main(): Promise<number> {
  let values;
  try {
    ({ values } = parseArgs({
      options: {
        config: { type: 'string' },
        scan: { type: 'string' },
        unit: { type: 'string' },
        timeout: { type: 'string' },
        help: { type: 'boolean' },
        version: { type: 'boolean' },
      },
    }));
  } catch (error) {
    return usage((error as Error).message);
  }
  if (values.help) {
    console.log(USAGE);
    return 0;
  }
  if (values.version) {
    console.log(GATEWAY_VERSION);
    return 0;
  }
  if (values.scan) return scan(values.scan, values.unit, values.timeout);
  if (values.config) return run(values.config);
  return usage('give --config gateway.json or --scan HOST:PORT');
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error instanceof Error ? (error.stack ?? error.message) : String(error));
    process.exit(1);
  },
);
