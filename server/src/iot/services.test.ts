// The real data path: simulated gateway → MQTT broker → link → shadow store and samples → delta back.
import { deltaTopic, reportedTopic, statusTopic } from '@helio/contracts';
import { brokerAnswers, MOSQUITTO_URL } from '@helio/device-simulator/src/testing/mqtt-probe';
import type { Kysely } from 'kysely';
import mqtt from 'mqtt';
import { randomUUID } from 'node:crypto';
import type { Database } from '../db/schema';
import { databaseTargets, type TestDatabase } from '../testing/databases';
import { testConfig } from '../testing/test-app';
import { startDevices, type DeviceServices } from './services';
import { hasDelta } from './shadows/shadow-doc';
import { insertPlant, insertTenant, recordingLog } from './test-fixtures';
import { until } from '../testing/until';
import { rawSamplesOf } from '../testing/raw-samples';

const mosquittoUp = brokerAnswers(MOSQUITTO_URL);
if (!mosquittoUp) console.warn(`device data path over Mosquitto SKIPPED: no broker answers at ${MOSQUITTO_URL}`);

/** The server's own broker login, known to the test so it can publish what no gateway may. */
const SERVER_PASSWORD = 'services-test-server-password';

const databases = databaseTargets();
const sqlite = databases.find((d) => d.name === 'sqlite') as TestDatabase;

interface Setup {
  label: string;
  target: TestDatabase;
  mqttUrl?: string;
}

const setups: Setup[] = [
  ...databases.map((target) => ({ label: `embedded broker, ${target.name}`, target })),
  ...(mosquittoUp ? [{ label: `Mosquitto at ${MOSQUITTO_URL}, sqlite`, target: sqlite, mqttUrl: MOSQUITTO_URL }] : []),
];

describe.each(setups)('device data path ($label)', ({ target, mqttUrl }) => {
  // Unique names: parallel runs against one shared Mosquitto must not see each other's things.
  const run = randomUUID().slice(0, 8);
  const thingName = `it-${run}`;
  const clientId = `helio-server-test-${run}`;
  const log = recordingLog();
  let db: Kysely<Database>;
  let devices: DeviceServices | undefined;

  const start = async () => {
    devices = await startDevices({
      db,
      config: testConfig({ mqttUrl, mqttPort: 0, simulator: true, simIntervalMs: 150, mqttPassword: SERVER_PASSWORD }),
      log,
      clientId,
    });
    return devices;
  };

  beforeAll(async () => {
    db = await target.create();
    await insertPlant(db, await insertTenant(db), thingName, { simulated: true });
    await start();
  });

  afterAll(async () => {
    await devices?.close();
    if (mqttUrl) {
      // Leave the shared broker as found: no retained delta, no persistent sessions of this run.
      const cleaner = await mqtt.connectAsync(mqttUrl, { clientId: `cleaner-${run}` });
      await cleaner.publishAsync(statusTopic(thingName), '', { qos: 1, retain: true });
      await cleaner.publishAsync(deltaTopic(thingName), '', { qos: 1, retain: true });
      await cleaner.endAsync();
      for (const id of [clientId, `gw-${thingName}`]) await (await mqtt.connectAsync(mqttUrl, { clientId: id })).endAsync();
    }
    await target.destroy();
  });

  const running = () => devices as DeviceServices;

  it('gets the simulated gateway’s reported values into the shadow and the samples', async () => {
    const doc = await until(async () => {
      const shadow = await running().shadows.get(thingName);
      return shadow && typeof shadow.state.reported.ActPwrPve === 'number' ? shadow : undefined;
    });
    const r = doc.state.reported;
    for (const key of ['ActPwrGrid', 'ActPwrBat', 'BatSoc', 'ActPwrLoad', 'ActPwrEv', 'EnergyPveTotal']) {
      expect(typeof r[key]).toBe('number');
    }
    expect(r.OperMode).toBe('self-consumption');
    expect(doc.metadata.reported.ActPwrPve).toEqual({ timestamp: expect.any(Number) });
    const samples = await until(async () => {
      const rows = await rawSamplesOf(db, thingName, 'ActPwrLoad');
      return rows.length >= 2 ? rows : undefined;
    });
    expect(samples[0]?.value).toBeGreaterThan(0);
    expect(Math.abs(Number(samples[0]?.ts) - Date.now())).toBeLessThan(60_000);
  });

  it('publishes a desired change to the gateway, which applies it so the delta clears', async () => {
    const set = await running().shadows.setDesired(thingName, { OperMode: 'idle' });
    expect(hasDelta(set.doc)).toBe(true);
    const converged = await until(async () => {
      const shadow = await running().shadows.get(thingName);
      return shadow?.state.reported.OperMode === 'idle' && !hasDelta(shadow) ? shadow : undefined;
    });
    expect(converged.state.reported.ActPwrBat).toBe(0);
  });

  it('drops malformed, oversized and unknown-thing reports, counts and logs them, and keeps working', async () => {
    const before = running().linkStats();
    const intruder = await mqtt.connectAsync(running().mqttUrl, {
      clientId: `intruder-${run}`,
      username: 'helio-server',
      password: SERVER_PASSWORD,
    });
    try {
      await intruder.publishAsync(reportedTopic(thingName), '{"state": {', { qos: 1 });
      await intruder.publishAsync(reportedTopic(thingName), Buffer.alloc(70 * 1024, 0x20), { qos: 1 });
      await intruder.publishAsync(reportedTopic(`unknown-${run}`), JSON.stringify({ state: { reported: { ActPwrPve: 1 } } }), { qos: 1 });
    } finally {
      await intruder.endAsync();
    }
    const after = await until(() => {
      const stats = running().linkStats();
      return stats.dropped.unknownThing > before.dropped.unknownThing &&
        stats.dropped.malformed > before.dropped.malformed &&
        stats.dropped.oversized > before.dropped.oversized
        ? stats
        : undefined;
    });
    expect(after.dropped.failed).toBe(0);
    expect(log.lines.some((l) => l.startsWith('warn mqtt: dropped a report') && l.includes('malformed'))).toBe(true);
    expect(await running().shadows.get(`unknown-${run}`)).toBeUndefined();
    const applied = after.applied;
    await until(() => (running().linkStats().applied > applied ? true : undefined));
  });

  it('continues the gateway’s energy counters after a restart', async () => {
    const last = (await running().shadows.get(thingName))?.state.reported;
    await running().close();
    devices = undefined;
    await start();
    const resumed = await until(async () => {
      const shadow = await running().shadows.get(thingName);
      const load = shadow?.state.reported.EnergyLoadTotal;
      return typeof load === 'number' && shadow && shadow.timestamp > Date.now() - 1000 ? shadow : undefined;
    });
    expect(Number(resumed.state.reported.EnergyLoadTotal)).toBeGreaterThanOrEqual(Number(last?.EnergyLoadTotal));
    expect(resumed.state.reported.OperMode).toBe('idle');
  });
});
