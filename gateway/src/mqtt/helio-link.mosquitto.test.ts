// The link stops while a report waits for the broker's acknowledgement and the broker is gone: a
// gateway restarted during an outage (an update, a power cut's reboot) must stop at once and leave the
// report in its outbox. mqtt.js's plain end() waits for every unacknowledged QoS 1 message first, and
// with a persistent session (clean: false) the message waits for a broker that is not there: forever.
// Found in a CI run (ci-32) where the store-and-forward suite hung past its bound on gw.restart().
// A frozen Mosquitto (SIGSTOP) makes "not acknowledged" certain rather than a matter of timing.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { MOSQUITTO_BIN, mosquittoInstalled, startMosquittoWithLogin, type MosquittoProcess } from '../../../server/src/testing/mosquitto';
import { until } from '../../../server/src/testing/until';
import { LocalStore } from '../store/local-store';
import type { MqttClient } from 'mqtt';
import { HelioLink } from './helio-link';

const THING = 'link-test';
const PASSWORD = 'helio-link-test-password';

if (!mosquittoInstalled()) process.stderr.write(`helio-link suite skipped: no mosquitto at ${MOSQUITTO_BIN}\n`);
const describeWithMosquitto = mosquittoInstalled() ? describe : describe.skip;

describeWithMosquitto('the gateway’s MQTT link', () => {
  let dir: string;
  let broker: MosquittoProcess | undefined;
  let store: LocalStore | undefined;

  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'helio-link-'));
    broker = await startMosquittoWithLogin(dir, `gw-${THING}`, PASSWORD);
  });
  afterAll(async () => {
    store?.close();
    await broker?.stop();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('stops at once while a report waits for the acknowledgement of a broker that has gone, keeping it in the outbox', async () => {
    store = new LocalStore(path.join(dir, 'gateway.db'));
    const link = new HelioLink({
      url: broker!.url,
      thingName: THING,
      password: PASSWORD,
      store,
      log: { info: () => undefined, warn: () => undefined },
      onDelta: () => undefined,
      reconnectMs: 200,
    });
    await until(() => link.connected, 'connected');

    await broker!.freeze();
    const madeAt = Date.now();
    link.report({ ActPwrPve: 1200 }, madeAt); // sent, never acknowledged
    await broker!.stop();
    await until(() => !link.connected, 'the link saw the broker go');

    // A bound on a hang, not a measured time: the fixed stop returns within a tick.
    let stopped = false;
    void link.stop().then(() => (stopped = true));
    await until(() => stopped, 'the link stopped (still waiting for an acknowledgement?)', 10_000);
    expect(store.next(10).map((entry) => JSON.parse(entry.payload).timestamp)).toEqual([madeAt]);
  });
});

// What mqtt.js does not do on a connection that stays up: send again a report whose publish failed, or
// whose acknowledgement never came (each held the oldest report back while newer ones flowed).
describeWithMosquitto('the gateway’s MQTT link on a connection that stays up', () => {
  let dir: string;
  let broker: MosquittoProcess | undefined;

  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'helio-link-up-'));
    broker = await startMosquittoWithLogin(dir, `gw-${THING}`, PASSWORD);
  });
  afterAll(async () => {
    await broker?.stop();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  /** A link on its own outbox whose client's first publish of a report is answered by `firstPublish` instead of sent. */
  async function linkWithFirstPublish(name: string, firstPublish: (callback: (error?: Error) => void) => void, ackTimeoutMs?: number) {
    const outbox = new LocalStore(path.join(dir, `${name}.db`));
    const warnings: string[] = [];
    const link = new HelioLink({
      url: broker!.url,
      thingName: THING,
      password: PASSWORD,
      store: outbox,
      log: { info: () => undefined, warn: (message) => warnings.push(message) },
      onDelta: () => undefined,
      reconnectMs: 200,
      ...(ackTimeoutMs === undefined ? {} : { ackTimeoutMs }),
    });
    await until(() => link.connected, 'connected');
    const client = (link as unknown as { client: MqttClient }).client;
    const publish = client.publish.bind(client);
    let intercepted = false;
    client.publish = ((topic: string, payload: string, opts: object, callback: (error?: Error) => void) => {
      if (!intercepted && topic.endsWith('/reported')) {
        intercepted = true;
        firstPublish(callback);
        return client;
      }
      return publish(topic, payload, opts as never, callback as never);
    }) as typeof client.publish;
    return { link, outbox, warnings, intercepted: () => intercepted };
  }

  it('sends a report again whose publish failed while the connection stayed up, and keeps the order of the rest', async () => {
    const { link, outbox } = await linkWithFirstPublish('failed', (callback) => setImmediate(() => callback(new Error('write failed'))));
    try {
      link.report({ ActPwrPve: 1 }, Date.now());
      link.report({ ActPwrPve: 2 }, Date.now());
      await until(() => outbox.depth() === 0, 'both reports acknowledged without a reconnect');
      expect(link.acknowledged).toBe(2);
    } finally {
      // stopped whatever happened: a link left running would take the next test's client id over
      await link.stop();
      outbox.close();
    }
  });

  it('sends a report again that the broker never acknowledged while the connection stayed up, saying so in the log', async () => {
    const { link, outbox, warnings, intercepted } = await linkWithFirstPublish('unacknowledged', () => undefined, 300);
    try {
      link.report({ ActPwrPve: 1 }, Date.now());
      await until(() => intercepted(), 'the first publish swallowed');
      await new Promise((resolve) => setTimeout(resolve, 400));
      link.report({ ActPwrPve: 2 }, Date.now()); // the next report finds the first past its time
      await until(() => outbox.depth() === 0, 'both reports acknowledged without a reconnect');
      expect(link.acknowledged).toBe(2);
      expect(warnings).toEqual([expect.stringMatching(/^mqtt: report 1 not acknowledged in \d+ s; sent again$/)]);
    } finally {
      await link.stop();
      outbox.close();
    }
  });
});
