// Nothing lost while the broker is down: the gateway reads pymodbus devices and reports to the Helio
// server through a Mosquitto (Helio's password and ACL files); the broker is stopped while the
// gateway makes ten reports and more, the gateway itself is restarted meanwhile (what it made waits in
// its SQLite outbox, not in memory), the broker is started again, and every report made arrives as a
// sample, at the time it was read. Proven by the set of report times, never by a clock.
import fs from 'node:fs';
import path from 'node:path';
import { writeMosquittoFiles } from '../../../server/src/iot/mqtt/mosquitto-files';
import { rawSamplesOf } from '../../../server/src/testing/raw-samples';
import {
  freePortFrom,
  MOSQUITTO_BIN,
  mosquittoInstalled,
  startMosquitto,
  type MosquittoProcess,
} from '../../../server/src/testing/mosquitto';
import { startGateway, type GatewayUnderTest } from '../testing/gateway-under-test';
import { startHelioServer, type CreatedPlant, type HelioServer } from '../testing/helio-server';
import { startPymodbus, type PymodbusFixture } from '../testing/pymodbus-fixture';
import { describeWithPymodbus } from '../testing/pymodbus-suite';
import { testPlantSpec } from '../testing/sunspec-plant';

const SERVER_LOGIN = { username: 'helio-server', password: 'store-and-forward-test' };
const OUTAGE_REPORTS = 10;

if (!mosquittoInstalled()) process.stderr.write(`store-and-forward suite skipped: no mosquitto at ${MOSQUITTO_BIN}\n`);
const describeWithBrokers = mosquittoInstalled() ? describeWithPymodbus : describe.skip;

describeWithBrokers('the gateway’s outbox while the broker is down', () => {
  let fixture: PymodbusFixture;
  let server: HelioServer;
  let plant: CreatedPlant;
  let gw: GatewayUnderTest;
  let broker: MosquittoProcess;
  let files: { dir: string; passwordFile: string; aclFile: string };

  beforeAll(async () => {
    fixture = await startPymodbus(testPlantSpec());
    const port = await freePortFrom(18900);
    server = await startHelioServer({
      config: { mqttUrl: `mqtt://127.0.0.1:${port}`, mqttUsername: SERVER_LOGIN.username, mqttPassword: SERVER_LOGIN.password },
      beforeStart: async (db, config) => {
        const dir = path.join(config.dataDir, 'mosquitto');
        files = { dir, ...(await writeMosquittoFiles(db, dir, SERVER_LOGIN)) };
        broker = await startMosquitto(dir, files, port);
      },
    });
    plant = await server.createPlant('Outage plant');
    await broker.reload(); // Mosquitto reads the new gateway's login from the files the server rewrote
    gw = startGateway(fixture, { url: server.mqttUrl, thingName: plant.thingName, password: plant.login.password }, { intervalMs: 300 });
  });
  afterAll(async () => {
    await gw?.stop();
    await server?.close();
    await broker?.stop();
    await fixture?.close();
    if (files) fs.rmSync(files.dir, { recursive: true, force: true });
  });

  it('keeps every report made while the broker is stopped, across a restart of the gateway, and delivers each once it is back', async () => {
    const made = gw.reportTimes;
    const stored = async () => new Set((await rawSamplesOf(server.db, plant.thingName, 'ActPwrPve')).map((s) => s.ts));
    await gw.within(20, 'the first reports stored', async () => ((await stored()).size >= 2 ? true : undefined));

    await broker.stop();
    const before = made.length;
    const outageReports = (n: number) => () => (made.length - before >= n && !gw.gateway.link.connected ? true : undefined);
    await gw.within(OUTAGE_REPORTS * 2, `${OUTAGE_REPORTS / 2} reports made with the broker down`, outageReports(OUTAGE_REPORTS / 2));
    await gw.restart();
    await gw.within(OUTAGE_REPORTS * 2, `${OUTAGE_REPORTS} reports made with the broker down`, outageReports(OUTAGE_REPORTS));
    expect(gw.gateway.store.depth()).toBeGreaterThanOrEqual(OUTAGE_REPORTS);
    const outage = made.slice(before);

    broker = await startMosquitto(files.dir, files, broker.port);
    // Caught up: nothing waits but the report of the cycle just run (its acknowledgement is on its way).
    await gw.within(100, 'the outbox sent', () => {
      const oldest = gw.gateway.store.oldestAt();
      return oldest === null || oldest >= (made.at(-1) ?? Infinity) ? true : undefined;
    });
    const sent = [...made];
    const missing = await gw.within(50, 'every report made stored as a sample', async () => {
      const have = await stored();
      const lost = sent.filter((ts) => !have.has(ts));
      return lost.length === 0 ? lost : undefined;
    });
    expect(missing).toEqual([]);
    expect(outage.length).toBeGreaterThanOrEqual(OUTAGE_REPORTS);
    expect(gw.gateway.health().dropped).toBe(0);
    expect(server.devices.gatewayDropped(plant.thingName)).toBe(0);
    // Above the sum of the cycle bounds (210 cycles of 300 ms), with room for a loaded machine's slow
    // cycles (120 s ran out in a CI run at load 28). A bound, not a measured time.
  }, 300_000);
});
