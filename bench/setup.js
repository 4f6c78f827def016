// Prepares the benchmark database: demo data, gateways for the ingest run, and a year of 5-minute
// history for one demo plant (through the shadow store, one day per transaction, as the simulator writes).
'use strict';
const { randomUUID } = require('node:crypto');
const dist = require('./dist-paths');
const { countSamplesOf } = require('./stored-samples');
const { createDatabase } = require(dist.server('db'));
const { migrateToLatest } = require(dist.server('db/migrations'));
const { seedDemoData } = require(dist.server('demo/seed'));
const { ShadowStore } = require(dist.server('iot/shadows/shadow-store'));
const { setNewGatewayPassword } = require(dist.server('iot/mqtt/gateway-credentials'));
const { plantListingColumns } = require(dist.server('plants/listing-columns'));
const { newPlantRun, plantHistory } = require(dist.simulator());
const { simPlantConfig } = require(dist.server('iot/services'));

const DAY_MS = 86_400_000;
const STEP_MS = 5 * 60_000;

async function prepare({ databaseUrl, gateways, historyDays, historyThing, log }) {
  const db = await createDatabase(databaseUrl);
  await migrateToLatest(db);
  await seedDemoData(db);
  const plant = await db.selectFrom('plants').selectAll().where('thing_name', '=', historyThing).executeTakeFirstOrThrow();
  const gatewayThings = Array.from({ length: gateways }, (_, i) => `bench-gw-${String(i + 1).padStart(3, '0')}`);
  const gatewayPlants = gatewayThings.map((thing) => ({
    ...plant,
    id: randomUUID(),
    name: thing,
    ...plantListingColumns({ name: thing, location: plant.location }),
    thing_name: thing,
    created_at: new Date().toISOString(),
  }));
  await db.insertInto('plants').values(gatewayPlants).execute();
  // The broker admits only gateways with their own login (gw-<thingName> and the plant's password).
  const gatewayPasswords = {};
  for (const p of gatewayPlants) gatewayPasswords[p.thing_name] = (await setNewGatewayPassword(db, p)).password;

  const store = new ShadowStore(db);
  const run = newPlantRun(simPlantConfig(plant));
  const now = Date.now();
  const end = now - (now % STEP_MS);
  const started = Date.now();
  for (let day = historyDays; day > 0; day--) {
    const from = end - day * DAY_MS;
    await store.applyReportedHistory(plant.thing_name, [...plantHistory(run, from, from + DAY_MS, STEP_MS)]);
    if (day % 73 === 0) log(`  history: ${historyDays - day + 1} of ${historyDays} days written`);
  }
  const seconds = (Date.now() - started) / 1000;
  const historySamples = await countSamplesOf(db, [plant.thing_name]);
  await db.destroy();
  return { plant, gatewayThings, gatewayPasswords, historySamples, historySeconds: seconds };
}

module.exports = { prepare };
