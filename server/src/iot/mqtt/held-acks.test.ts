// An acknowledged report is a stored one: a server that dies while storing a report gets it again
// when it returns (its broker session kept it unacknowledged), a stored report is acknowledged and
// not sent again, and a report the database cannot take for a moment is stored once it can. On the
// embedded broker and, where the binary is installed, on Mosquitto in a shared group as replicas use it.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { reportedTopic } from '@helio/device-simulator';
import mqtt from 'mqtt';
import { SERVER_GRANT } from './broker-acl';
import { startEmbeddedBroker } from './broker';
import { MqttLink, type MqttLinkOptions } from './mqtt-link';
import { writeMosquittoFiles } from './mosquitto-files';
import { ShadowStore } from '../shadows/shadow-store';
import { recordingLog } from '../test-fixtures';
import { databaseTargets, type TestDatabase } from '../../testing/databases';
import { MOSQUITTO_BIN, mosquittoInstalled, startMosquitto } from '../../testing/mosquitto';
import { until } from '../../testing/until';

const SERVER = { username: 'helio-server', password: 'server-secret-for-held-acks' };

interface TestBroker {
  url: string;
  shareGroup?: string;
  close(): Promise<void>;
}

const target = databaseTargets()[0] as TestDatabase;
afterAll(() => target.destroy());

async function embedded(): Promise<TestBroker> {
  const broker = await startEmbeddedBroker({
    port: 0,
    authenticate: async ({ username }) => (username === SERVER.username ? SERVER_GRANT : undefined),
  });
  return { url: broker.url, close: () => broker.close() };
}

async function mosquitto(): Promise<TestBroker> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'helio-held-acks-'));
  const files = await writeMosquittoFiles(await target.create(), dir, SERVER);
  const broker = await startMosquitto(dir, files);
  return {
    url: broker.url,
    shareGroup: 'helio',
    close: async () => {
      await broker.stop();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

const brokers: [string, () => Promise<TestBroker>][] = [['the embedded broker', embedded]];
if (mosquittoInstalled()) brokers.push(['Mosquitto in a shared group', mosquitto]);
else console.warn(`Held acknowledgements on Mosquitto SKIPPED: no mosquitto binary at ${MOSQUITTO_BIN}`);

/** A store that counts what it is asked to store, and may hold each call until told. */
function countingStore(real: ShadowStore, hold: boolean) {
  const calls: string[] = [];
  const store = Object.create(real) as ShadowStore;
  store.applyReported = (thingName, reported, now, sampledAt) => {
    calls.push(thingName);
    return hold ? new Promise(() => undefined) : real.applyReported(thingName, reported, now, sampledAt);
  };
  return { store, calls };
}

describe.each(brokers)('reports acknowledged once stored, on %s', (_name, start) => {
  let broker: TestBroker;
  let gateway: mqtt.MqttClient;
  beforeEach(async () => {
    broker = await start();
    gateway = await mqtt.connectAsync(broker.url, { clientId: 'gw-held', ...SERVER, reconnectPeriod: 0 });
  });
  afterEach(async () => {
    await gateway.endAsync();
    await broker.close();
  });

  const connect = (store: ShadowStore, clientId: string) =>
    MqttLink.connect({
      url: broker.url,
      store,
      isKnownThing: async () => true,
      log: recordingLog(),
      clientId,
      ...SERVER,
      shareGroup: broker.shareGroup,
    });
  const report = (thing: string, value: number) =>
    gateway.publishAsync(reportedTopic(thing), JSON.stringify({ state: { reported: { ActPwrPve: value } } }), { qos: 1 });
  /** As kill -9 leaves it: the connection gone, nothing said to the broker, nothing acknowledged. */
  const die = (link: MqttLink) => (link as unknown as { client: mqtt.MqttClient }).client.end(true);

  it('sends a report again to the server that died while storing it, which then stores it', async () => {
    const real = new ShadowStore(await target.create());
    const dying = countingStore(real, true);
    const first = await connect(dying.store, 'server-dies');
    await report('plant-held', 42);
    await until(() => (dying.calls.length === 1 ? true : undefined));
    expect(first.unacknowledged()).toBe(1);
    die(first);

    const back = countingStore(real, false);
    const returned = await connect(back.store, 'server-dies');
    try {
      await until(async () => (await real.get('plant-held'))?.state.reported.ActPwrPve);
      expect((await real.get('plant-held'))?.state.reported.ActPwrPve).toBe(42);
      expect(back.calls).toEqual(['plant-held']);
    } finally {
      await returned.close();
    }
  });

  it('acknowledges a stored report: the returning server is not sent it again', async () => {
    const real = new ShadowStore(await target.create());
    const stores = countingStore(real, false);
    const first = await connect(stores.store, 'server-stores');
    await report('plant-acked', 7);
    await until(() => (first.stats().applied === 1 && first.unacknowledged() === 0 ? true : undefined));
    // The PUBACK is written after the store settles; give it a moment on the wire before dying.
    await new Promise((resolve) => setTimeout(resolve, 200));
    die(first);

    const again = countingStore(real, false);
    const returned = await connect(again.store, 'server-stores');
    try {
      await report('plant-after', 8); // the broker's queue for the session is in order: this comes after any resend
      await until(() => (again.calls.includes('plant-after') ? true : undefined));
      // Not a report lost while the returning server re-joins its group (one may come twice meanwhile).
      expect(new Set(again.calls)).toEqual(new Set(['plant-after']));
    } finally {
      await returned.close();
    }
  });
  it('stores a report sent again after a reconnect once, while its first copy is still being stored', async () => {
    const real = new ShadowStore(await target.create());
    const calls: string[] = [];
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    const store = Object.create(real) as ShadowStore;
    store.applyReported = async (thingName, reported, now, sampledAt) => {
      calls.push(thingName);
      await released;
      return real.applyReported(thingName, reported, now, sampledAt);
    };
    const link = await connect(store, 'server-resent');
    try {
      await report('plant-resent', 5);
      await until(() => (calls.length === 1 ? true : undefined));
      // The connection drops (not the process): the broker sends the unacknowledged report again.
      (link as unknown as { client: mqtt.MqttClient }).client.stream.destroy();
      await until(() => (link.stats().resent === 1 ? true : undefined));
      release();
      await until(() => (link.unacknowledged() === 0 && link.stats().applied === 1 ? true : undefined));
      expect(calls).toEqual(['plant-resent']);
      expect((await real.get('plant-resent'))?.state.reported.ActPwrPve).toBe(5);
    } finally {
      await link.close();
    }
  });
});

interface LinkRun {
  link: MqttLink;
  real: ShadowStore;
  log: ReturnType<typeof recordingLog>;
  report: (thing: string, value: number) => Promise<unknown>;
}

/** A link on the embedded broker whose store's applyReported is the test's own; closed after `run`. */
async function withLink(
  applyReported: (real: ShadowStore) => ShadowStore['applyReported'],
  options: Partial<MqttLinkOptions>,
  run: (it: LinkRun) => Promise<void>,
): Promise<void> {
  const broker = await embedded();
  const gateway = await mqtt.connectAsync(broker.url, { clientId: 'gw-link', ...SERVER, reconnectPeriod: 0 });
  const real = new ShadowStore(await target.create());
  const store = Object.create(real) as ShadowStore;
  store.applyReported = applyReported(real);
  const log = recordingLog();
  const link = await MqttLink.connect({
    url: broker.url,
    store,
    isKnownThing: async () => true,
    log,
    clientId: 'link',
    ...SERVER,
    ...options,
  });
  const report = (thing: string, value: number) =>
    gateway.publishAsync(reportedTopic(thing), JSON.stringify({ state: { reported: { ActPwrPve: value } } }), { qos: 1 });
  try {
    await run({ link, real, log, report });
  } finally {
    await gateway.endAsync();
    await link.close();
    await broker.close();
  }
}

const refused = () => Promise.reject(new Error('connection refused'));

describe('a report the database cannot take for a moment', () => {
  it('is tried again and stored, not dropped', async () => {
    let failures = 2;
    await withLink(
      (real) =>
        (...args) =>
          failures-- > 0 ? refused() : real.applyReported(...args),
      {},
      async ({ link, real, log, report }) => {
        await report('plant-retry', 3);
        await until(() => (link.stats().applied === 1 ? true : undefined));
        expect(link.stats().dropped.failed).toBe(0);
        expect((await real.get('plant-retry'))?.state.reported.ActPwrPve).toBe(3);
        expect(log.lines.filter((line) => line.includes('did not take a report'))).toHaveLength(1);
      },
    );
  });

  it('counts as failed once the retry time is over', async () => {
    await withLink(
      () => refused,
      { storeRetryMs: 600 },
      async ({ link, report }) => {
        await report('plant-fail', 3);
        await until(() => (link.stats().dropped.failed === 1 ? true : undefined));
        expect(link.unacknowledged()).toBe(0);
      },
    );
  });
});

describe('a backlog of reports', () => {
  it('is stored a few at a time, leaving the rest of the database pool to API calls', async () => {
    let storing = 0;
    let most = 0;
    const gates: (() => void)[] = [];
    const gated =
      (real: ShadowStore): ShadowStore['applyReported'] =>
      async (...args) => {
        storing++;
        most = Math.max(most, storing);
        await new Promise<void>((resolve) => gates.push(resolve));
        storing--;
        return real.applyReported(...args);
      };
    await withLink(gated, { storeConcurrency: 3 }, async ({ link, real, report }) => {
      for (let i = 0; i < 10; i++) await report(`plant-${i}`, i);
      await until(() => (link.stats().received === 10 && gates.length === 3 ? true : undefined));
      expect(storing).toBe(3);
      while (link.stats().applied < 10) {
        gates.shift()?.();
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
      expect(most).toBe(3);
      expect((await real.get('plant-9'))?.state.reported.ActPwrPve).toBe(9);
    });
  });
});

describe.each(brokers)('many reports at once, on %s', (_name, start) => {
  it('stores every one: the held acknowledgements keep the broker sending', async () => {
    const broker = await start();
    const gateway = await mqtt.connectAsync(broker.url, { clientId: 'gw-many', ...SERVER, reconnectPeriod: 0 });
    const real = new ShadowStore(await target.create());
    const links = await Promise.all(
      ['many-a', 'many-b'].map((clientId) =>
        MqttLink.connect({
          url: broker.url,
          store: real,
          isKnownThing: async () => true,
          log: recordingLog(),
          clientId,
          ...SERVER,
          shareGroup: broker.shareGroup,
        }),
      ),
    );
    try {
      const sent = 1500; // far more than the broker keeps in flight unacknowledged (Mosquitto: 20 by default)
      await Promise.all(
        Array.from({ length: sent }, (_, i) =>
          gateway.publishAsync(reportedTopic(`plant-${i % 100}`), JSON.stringify({ state: { reported: { ActPwrPve: i } } }), { qos: 1 }),
        ),
      );
      const applied = () => links.reduce((sum, link) => sum + link.stats().applied, 0);
      // In a shared group each report goes to one link; plainly subscribed, to both.
      const expected = broker.shareGroup ? sent : 2 * sent;
      await until(() => (applied() >= expected ? true : undefined), 'every report applied', 60_000);
      expect(applied()).toBe(expected);
    } finally {
      await gateway.endAsync();
      for (const link of links) await link.close();
      await broker.close();
    }
  }, 40_000);
});
