// Standalone simulator: `MQTT_URL=mqtt://127.0.0.1:18830 SIM_THINGS=plant-a,plant-b node dist/cli.js`.
// SIM_PLANTS_FILE names a JSON array of SimPlantConfig instead, for plants with their own figures.
// SIM_PASSWORDS_FILE names a JSON object {thingName: password} of the gateways' MQTT passwords.
import { readFileSync } from 'node:fs';
import type { SimPlantConfig } from './model/plant';
import { startSimulator } from './simulator';
import { TOPIC_THING_NAME_PATTERN } from '@helio/contracts';

function plantsFromEnv(env: NodeJS.ProcessEnv): SimPlantConfig[] {
  if (env.SIM_PLANTS_FILE) return JSON.parse(readFileSync(env.SIM_PLANTS_FILE, 'utf8')) as SimPlantConfig[];
  const things = (env.SIM_THINGS ?? 'sim-plant-1')
    .split(',')
    .map((t) => t.trim())
    .filter(Boolean);
  for (const thing of things) {
    if (!TOPIC_THING_NAME_PATTERN.test(thing)) throw new Error(`not a valid thing name: ${thing}`);
  }
  // A family house near Prague: 10 kWp, 10 kWh battery, 11 kW wallbox.
  return things.map((thingName) => ({
    thingName,
    latitude: 50.08,
    longitude: 14.42,
    timezone: 'Europe/Prague',
    pvPeakKw: 10,
    batteryKwh: 10,
    chargerKw: 11,
  }));
}

function passwordsFromEnv(env: NodeJS.ProcessEnv): Map<string, string> | undefined {
  if (!env.SIM_PASSWORDS_FILE) return undefined;
  const parsed = JSON.parse(readFileSync(env.SIM_PASSWORDS_FILE, 'utf8')) as Record<string, unknown>;
  return new Map(Object.entries(parsed).filter((e): e is [string, string] => typeof e[1] === 'string'));
}

async function main(): Promise<void> {
  const env = process.env;
  const simulator = await startSimulator({
    mqttUrl: env.MQTT_URL ?? 'mqtt://127.0.0.1:18830',
    plants: plantsFromEnv(env),
    intervalMs: Number(env.SIM_INTERVAL_MS ?? 5000),
    timeFactor: Number(env.SIM_TIME_FACTOR ?? 1),
    log: console,
    passwords: passwordsFromEnv(env),
  });
  const shutdown = () => {
    simulator.stop().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  };
  process.once('SIGINT', shutdown);
  process.once('SIGTERM', shutdown);
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
