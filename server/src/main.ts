// `node server/dist/main.js`: configuration, database and migrations, demo data, device services,
// then the HTTP server. Any startup failure stops the process with the reason; SIGINT/SIGTERM close
// everything in reverse order.
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import { loadConfig, type Config } from './config';
import { createDatabase, databaseKindOf, redact } from './db';
import { migrateToLatest } from './db/migrations';
import type { Database } from './db/schema';
import { ensurePrivateDir } from './db/private-files';
import { DEMO_ACCOUNTS } from './demo/demo-data';
import { seedDemoData } from './demo/seed';
import { hostname } from 'node:os';
import { startClusterBus } from './cluster/start-bus';
import { startDevices, type DeviceServices } from './iot';
import { saveSimulatorPasswords, simulatorKeystorePath } from './iot/simulation/simulator-keystore';
import { buildApp } from './http/app';
import { consoleLogger, type Logger } from './logger';
import { modules, type JobDeps } from './modules';
import { startModuleJobs } from './server-module';
import { alertWebhooks } from './integrations/alert-webhooks';
import { usePasswordCost } from './auth/passwords';

function banner(config: Config, devices: DeviceServices, demo: boolean): string {
  const port = config.port;
  const lines = [
    '',
    '  Helio EMS is running',
    `  Console:   http://localhost:${port}/`,
    `  Database:  ${databaseKindOf(config.databaseUrl)} (${redact(config.databaseUrl)})`,
    `  MQTT:      ${devices.mqttUrl}${config.mqttUrl ? '' : ' (embedded broker)'}`,
    `  Simulator: ${config.simulator ? `on, reporting every ${config.simIntervalMs} ms${config.simTimeFactor > 1 ? `, time ${config.simTimeFactor}× faster` : ''}` : 'off'}`,
  ];
  if (demo) {
    lines.push('  Demo accounts:');
    const width = Math.max(...DEMO_ACCOUNTS.map((a) => a.email.length));
    for (const a of DEMO_ACCOUNTS) lines.push(`    ${a.email.padEnd(width)}  ${a.password.padEnd(22)} ${a.role}`);
  }
  return lines.join('\n') + '\n';
}

async function hasDemoAccounts(db: Kysely<Database>): Promise<boolean> {
  const emails = DEMO_ACCOUNTS.map((a) => a.email);
  const found = await db.selectFrom('users').select('email').where('email', 'in', emails).where('placeholder', '=', 0).execute();
  return found.length > 0;
}

async function main(): Promise<void> {
  let log: Logger = consoleLogger('info');
  const closers: Array<() => Promise<void>> = [];
  const closeAll = async () => {
    for (const close of closers.splice(0).reverse()) {
      await close().catch((error: unknown) => log.error('shutdown step failed:', error));
    }
  };

  try {
    const config = loadConfig();
    const { spot, integrations } = config;
    usePasswordCost(config.passwordCost);
    log = consoleLogger(config.logLevel);

    ensurePrivateDir(config.dataDir); // secrets live here: the database, keystores, broker files
    const db = await createDatabase(config.databaseUrl);
    closers.push(() => db.destroy());
    await migrateToLatest(db);
    // Passed to the device services, the routes and (through the device services) the jobs: they
    // announce and hear cluster events on it.
    const bus = await startClusterBus(db, config.databaseUrl, log);
    closers.push(() => bus.close());
    const seeded = await seedDemoData(db);
    if (seeded.created) log.info('demo data created: organisations "Helio Demo" and "Other Energy s.r.o."');
    // The demo gateways' passwords go where a device keeps its secret: the simulator's keystore.
    if (seeded.gatewayPasswords) await saveSimulatorPasswords(simulatorKeystorePath(config.dataDir), seeded.gatewayPasswords);

    let devices: DeviceServices;
    try {
      devices = await startDevices({ db, config, log, bus, onAlert: alertWebhooks });
    } catch (error) {
      throw new Error(`Device services (MQTT) failed to start: ${error instanceof Error ? error.message : String(error)}`, {
        cause: error,
      });
    }
    closers.push(() => devices.close());

    const app: FastifyInstance = await buildApp({ db, config, devices, bus, spot, integrations, log: true });
    closers.push(() => app.close());
    // Every module's jobs (modules.ts). The periodic ones run on every replica and each one's leader
    // lease lets one replica do the work; the holder is stable per host and port, so a replica
    // restarted after a crash takes its leases back at once instead of waiting for them to expire.
    const jobs = startModuleJobs<JobDeps>(modules, {
      db,
      config,
      log,
      devices,
      leaseTtlMs: config.jobLeaseTtlMs,
      holder: `${hostname()}:${config.port}`,
    });
    for (const job of jobs) closers.push(async () => job.stop());
    await app.listen({ port: config.port, host: config.host });

    process.stdout.write(banner(config, devices, await hasDemoAccounts(db)));

    let stopping = false;
    const stop = (signal: string) => {
      if (stopping) return;
      stopping = true;
      log.info(`${signal} received, shutting down`);
      closeAll().then(
        () => process.exit(0),
        () => process.exit(1),
      );
    };
    process.once('SIGINT', () => stop('SIGINT'));
    process.once('SIGTERM', () => stop('SIGTERM'));
  } catch (error) {
    log.error(`Helio EMS failed to start: ${error instanceof Error ? error.message : String(error)}`);
    await closeAll();
    process.exit(1);
  }
}

void main();
