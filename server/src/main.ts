// `node server/dist/main.js`: configuration, database and migrations, demo data, device services,
// then the HTTP server. Any startup failure stops the process with the reason; SIGINT/SIGTERM close
// everything in reverse order.
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import { loadConfig, type Config } from './config';
import { createDatabase, databaseKindOf, migrateToLatest, redact } from './db';
import type { Database } from './db/schema';
import { ensurePrivateDir } from './db/private-files';
import { DEMO_ACCOUNTS } from './demo/demo-data';
import { seedDemoData } from './demo/seed';
import { hostname } from 'node:os';
import { startClusterBus } from './cluster/bus-registry';
import { startDevices, type DeviceServices } from './devices';
import { saveSimulatorPasswords, simulatorKeystorePath } from './devices/simulation/simulator-keystore';
import { buildApp } from './http/app';
import { startAlertEngine } from './notifications/alert-engine';
import { startScheduleRunner } from './rc';
import { startPushSender, vapidKeys, vapidSubject } from './push';
import { startPriceImport } from './spot/price-import';
import { startMonthlyReports } from './reports/monthly-mail';
import { consoleLogger, type Logger } from './logger';
import { startRawRetention } from './series/retention-job';
import { startSeriesPacking } from './series/series-packer';
import { startForecastIssuer } from './forecast/issuer';
import { alertWebhooks } from './integrations/alert-webhooks';
import { recordImport } from './integrations/import-record';
import { usePasswordCost } from './identity/passwords';
import { startWebhookSender } from './integrations/webhook-sender';
import { REBUILD_POLL_MS, startRollupRebuilder } from './integrations/rollup-rebuilds';

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
    const { spot, forecast, integrations } = config;
    usePasswordCost(config.passwordCost);
    log = consoleLogger(config.logLevel);

    ensurePrivateDir(config.dataDir); // secrets live here: the database, keystores, broker files
    const db = await createDatabase(config.databaseUrl);
    closers.push(() => db.destroy());
    await migrateToLatest(db);
    // Before the routes and device services: they announce and hear cluster events through it.
    const bus = await startClusterBus(db, log);
    closers.push(() => bus.close());
    const seeded = await seedDemoData(db);
    if (seeded.created) log.info('demo data created: organisations "Helio Demo" and "Other Energy s.r.o."');
    // The demo gateways' passwords go where a device keeps its secret: the simulator's keystore.
    if (seeded.gatewayPasswords) await saveSimulatorPasswords(simulatorKeystorePath(config.dataDir), seeded.gatewayPasswords);

    let devices: DeviceServices;
    try {
      devices = await startDevices({ db, config, log, onAlert: alertWebhooks });
    } catch (error) {
      throw new Error(`Device services (MQTT) failed to start: ${error instanceof Error ? error.message : String(error)}`, {
        cause: error,
      });
    }
    closers.push(() => devices.close());

    const app: FastifyInstance = await buildApp({ db, config, devices, spot, integrations, log: true });
    closers.push(() => app.close());
    const webhooks = startWebhookSender({
      db,
      log,
      concurrency: integrations.webhookConcurrency,
      timeoutMs: integrations.webhookTimeoutMs,
      pollMs: integrations.webhookPollMs,
      allowPrivate: integrations.webhookAllowPrivate,
    });
    closers.push(() => webhooks.stop());
    // Imported days' roll-ups, rebuilt after the import's answer; woken by imports here, polled for other replicas'.
    const rebuilds = startRollupRebuilder({ db, log, pollMs: REBUILD_POLL_MS });
    closers.push(() => rebuilds.stop());
    // The periodic jobs run on every replica; each one's leader lease lets one replica do the work.
    // The holder is stable per host and port, so a replica restarted after a crash takes its leases
    // back at once instead of waiting for them to expire.
    const leaseTtlMs = config.jobLeaseTtlMs;
    const holder = `${hostname()}:${config.port}`;
    const alerts = startAlertEngine({
      db,
      log,
      consoleUrl: config.consoleUrl,
      intervalMs: config.alertTickMs,
      onAlert: alertWebhooks,
      leaseTtlMs,
      holder,
    });
    // alerts' push messages, written with the alert, sent by one replica (push/push-sender.ts)
    const vapid = vapidKeys(config.dataDir, vapidSubject(config.consoleUrl, config.identity.mailFrom));
    const pushes = startPushSender({ db, vapid, log, leaseTtlMs, holder, allowPrivate: config.pushAllowPrivate });
    closers.push(() => pushes.stop());
    const schedules = startScheduleRunner({ db, devices, log, tickMs: config.rcTickMs, leaseTtlMs, holder });
    closers.push(() => schedules.stop());
    closers.push(() => alerts.stop());
    const prices = startPriceImport({
      db,
      leaseTtlMs,
      holder,
      config: spot,
      log,
      onImport: (outcome) =>
        recordImport(db, {
          tenantId: null,
          kind: 'spot',
          source: spot.pricesUrl ?? '',
          rows: outcome.rows,
          errors: outcome.error === null ? [] : [outcome.error],
        }),
    });
    closers.push(() => prices.stop());
    const retention = startRawRetention({
      db,
      retentionDays: config.rawRetentionDays,
      rollupRetentionDays: config.rollupRetentionDays,
      log,
      leaseTtlMs,
      holder,
    });
    closers.push(() => retention.stop());
    // packs closed hours, and an upgraded database's history in batches, while ingest goes on
    const packing = startSeriesPacking({ db, log, leaseTtlMs, holder, after: devices.shadows.idle() });
    closers.push(() => packing.stop());
    const forecasts = startForecastIssuer({ db, config: forecast, log, after: devices.shadows.idle(), leaseTtlMs, holder });
    closers.push(() => forecasts.stop());
    // last month's report to its subscribers, on the 1st (reports/monthly-mail.ts)
    const reports = startMonthlyReports({ db, config: config.analytics, consoleUrl: config.consoleUrl, log, leaseTtlMs, holder });
    closers.push(() => reports.stop());
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
