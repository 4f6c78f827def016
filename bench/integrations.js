// Integrations figures, in process on a scratch SQLite file (the built server's modules): webhook
// deliveries a second to a loopback receiver through the database queue, the same while half the
// receivers hang until the timeout, and a month of 5-minute history for three keys imported with
// its roll-ups rebuilt. Prints table rows for bench/run.js.
'use strict';
const fs = require('node:fs');
const http = require('node:http');
const os = require('node:os');
const path = require('node:path');
const dist = require('./dist-paths');
const { createDatabase } = require(dist.server('db'));
const { migrateToLatest } = require(dist.server('db/migrations'));
const { createWebhook } = require(dist.server('integrations/webhook-store'));
const { emitWebhookEvent } = require(dist.server('integrations/webhook-events'));
const { startWebhookSender } = require(dist.server('integrations/webhook-sender'));
const { importHistoryCsv } = require(dist.server('integrations/history-import'));
const { startRollupRebuilder } = require(dist.server('integrations/rollup-rebuilds'));

const EVENTS = Number(process.env.BENCH_WEBHOOK_EVENTS ?? 400);
const quiet = { warn() {}, error() {} };

async function receiver(hang) {
  const hanging = new Set();
  let count = 0;
  const server = http.createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      count++;
      if (hang && req.url === '/slow') hanging.add(res);
      else res.writeHead(204).end();
    });
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: (p) => `http://127.0.0.1:${server.address().port}${p}`,
    count: () => count,
    close: () =>
      new Promise((resolve) => {
        hanging.forEach((r) => r.destroy());
        server.closeAllConnections();
        server.close(resolve);
      }),
  };
}

/** The webhooks' creator: an owner, who sees every plant (a webhook hears only of what its creator sees). */
const CREATOR = { id: 'bench-owner', email: 'owner@bench.local' };

async function deliveriesPerSecond(db, tenant, hang) {
  const target = await receiver(hang);
  const hook = (url) => createWebhook(db, { tenantId: tenant, url, events: ['alert.opened'], description: '', creator: CREATOR });
  await hook(target.url('/fast'));
  if (hang) await hook(target.url('/slow'));
  for (let i = 0; i < EVENTS; i++) await emitWebhookEvent(db, tenant, { type: 'alert.opened', data: { n: i } });
  const sender = startWebhookSender({ db, concurrency: 8, timeoutMs: 1000, pollMs: 10, allowPrivate: true, log: quiet });
  const started = Date.now();
  const fastDone = async () =>
    Number(
      (
        await db
          .selectFrom('webhook_deliveries')
          .select((eb) => eb.fn.countAll().as('n'))
          .where('status', '=', 'succeeded')
          .executeTakeFirst()
      ).n,
    );
  while ((await fastDone()) < EVENTS && Date.now() - started < 120_000) await new Promise((r) => setTimeout(r, 20));
  const seconds = (Date.now() - started) / 1000;
  await sender.stop();
  await target.close();
  await db.deleteFrom('webhooks').execute();
  return EVENTS / seconds;
}

async function benchIntegrations({ log }) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'helio-bench-integrations-'));
  const db = await createDatabase(`sqlite://${path.join(dir, 'helio.db')}`);
  try {
    await migrateToLatest(db);
    const tenant = 'bench-tenant';
    const now = new Date().toISOString();
    await db.insertInto('tenants').values({ id: tenant, name: 'Bench', created_at: now }).execute();
    await db
      .insertInto('users')
      .values({
        ...{ id: CREATOR.id, tenant_id: tenant, email: CREATOR.email, name: 'Bench', family_name: 'Owner', picture: null },
        ...{ password_hash: '!', role: 'owner', custom_role_id: null, modules: '[]', locale: 'en', preferences: '{}' },
        ...{ status: 'active', temporary_password_expires_at: null, created_at: now },
      })
      .execute();
    const plant = { id: 'bench-plant', tenant_id: tenant, thing_name: 'bench-import-01' };
    await db
      .insertInto('plants')
      .values({
        id: plant.id,
        tenant_id: tenant,
        name: 'Bench',
        thing_name: plant.thing_name,
        location: 'Brno',
        latitude: 49.2,
        longitude: 16.6,
        timezone: 'Europe/Prague',
        pv_peak_kw: 10,
        battery_kwh: 10,
        charger_kw: null,
        created_at: new Date().toISOString(),
      })
      .execute();

    const fast = await deliveriesPerSecond(db, tenant, false);
    const withHanging = await deliveriesPerSecond(db, tenant, true);

    const lines = ['time,key,value'];
    const start = Date.parse('2025-03-01T00:00:00Z');
    for (let t = start; t < start + 30 * 86_400_000; t += 5 * 60_000) {
      for (const key of ['ActPwrPve', 'ActPwrLoad', 'BatSoc']) lines.push(`${new Date(t).toISOString()},${key},${(t / 60_000) % 5000}`);
    }
    const csv = lines.join('\n');
    const began = Date.now();
    const result = await importHistoryCsv(db, plant, csv);
    // The roll-ups are rebuilt after the import's answer (off the request path); the figure counts both.
    const rebuilt = await startRollupRebuilder({ db, pollMs: 60_000, log: quiet }, false).runOnce();
    const importSeconds = (Date.now() - began) / 1000;
    return [
      `| webhook deliveries, loopback receiver, 8 in flight (SQLite queue) | ${Math.round(fast)}/s | — |`,
      `| webhook deliveries while a second webhook's receiver hangs (1 s timeout) | ${Math.round(withHanging)}/s to the answering one | — |`,
      `| history import, 30 days × 3 keys at 5 min (${result.inserted} samples, ${rebuilt.days} key-days rebuilt) | ${importSeconds.toFixed(1)} s (${Math.round(result.inserted / importSeconds)} samples/s) | — |`,
    ];
  } finally {
    await db.destroy();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

module.exports = { benchIntegrations };

if (require.main === module) {
  benchIntegrations({ log: console.log }).then(
    (rows) => rows.forEach((row) => console.log(row)),
    (error) => {
      console.error(error);
      process.exit(1);
    },
  );
}
