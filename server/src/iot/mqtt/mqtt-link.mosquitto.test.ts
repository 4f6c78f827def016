// The server's link closes while a delta waits for the acknowledgement of a broker that has gone: a
// replica stopped (SIGTERM, a deploy) during a broker outage must stop, not hang. mqtt.js's plain end()
// waits for every unacknowledged QoS 1 message, and the link's persistent session keeps them for a
// broker that is not there. A frozen Mosquitto (SIGSTOP) makes "not acknowledged" certain rather than
// a matter of timing; the gateway's link has the same test (gateway/src/mqtt/helio-link.mosquitto.test.ts).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { databaseTargets, type TestDatabase } from '../../testing/databases';
import { MOSQUITTO_BIN, mosquittoInstalled, startMosquittoWithLogin, type MosquittoProcess } from '../../testing/mosquitto';
import { until } from '../../testing/until';
import { ShadowStore } from '../shadows/shadow-store';
import { recordingLog } from '../test-fixtures';
import { MqttLink } from './mqtt-link';

const LOGIN = { username: 'helio-server', password: 'mqtt-link-test-password' };

if (!mosquittoInstalled()) process.stderr.write(`mqtt-link Mosquitto suite skipped: no mosquitto at ${MOSQUITTO_BIN}\n`);
const describeWithMosquitto = mosquittoInstalled() ? describe : describe.skip;

describeWithMosquitto('the server’s MQTT link and a broker that has gone', () => {
  const target = databaseTargets()[0] as TestDatabase;
  let dir: string;
  let broker: MosquittoProcess | undefined;

  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mqtt-link-'));
    broker = await startMosquittoWithLogin(dir, LOGIN.username, LOGIN.password);
  });
  afterAll(async () => {
    await broker?.stop();
    await target.destroy();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('closes while a delta waits for the acknowledgement of a broker that has gone', async () => {
    const store = new ShadowStore(await target.create());
    const link = await MqttLink.connect({
      url: broker!.url,
      store,
      isKnownThing: async () => true,
      log: recordingLog(),
      clientId: 'mqtt-link-close-test',
      ...LOGIN,
    });
    await broker!.freeze();
    await store.setDesired('plant-1', { BatChargeLimit: 3000 }); // its delta is published, never acknowledged
    await broker!.stop();
    await until(() => !link.brokerConnection().connected, 'the link saw the broker go');

    // A bound on a hang, not a measured time: the fixed close returns after its grace.
    let closed = false;
    void link.close().then(() => (closed = true));
    await until(() => closed, 'the link closed (still waiting for an acknowledgement?)', 10_000);
  });
});
