import { createServer } from 'node:net';
import type { AddressInfo } from 'node:net';
import { databaseTargets, type TestDatabase } from '../../testing/databases';
import { reportedTopic } from '@helio/device-simulator';
import mqtt from 'mqtt';
import { SERVER_GRANT } from './broker-acl';
import { startEmbeddedBroker } from './broker';
import { FloodGuard } from './flood-guard';
import { MqttLink, serverSubscriptions } from './mqtt-link';
import { ShadowStore } from '../shadows/shadow-store';
import { recordingLog } from '../test-fixtures';
import { until } from '../../testing/until';

/** A port nothing listens on: bound, read, released. */
async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

describe('the server’s subscriptions', () => {
  it('takes reports in the shared group when one is named, and statuses always plainly', () => {
    expect(serverSubscriptions('helio')).toEqual(['$share/helio/helio/things/+/shadow/reported', 'helio/things/+/status']);
    expect(serverSubscriptions(undefined)).toEqual(['helio/things/+/shadow/reported', 'helio/things/+/status']);
  });
});

describe('MqttLink.connect', () => {
  const target = databaseTargets()[0] as TestDatabase;
  afterAll(() => target.destroy());

  it('fails startup within its timeout, naming the broker, when no broker answers', async () => {
    const url = `mqtt://127.0.0.1:${await freePort()}`;
    const store = new ShadowStore(await target.create());
    await expect(
      MqttLink.connect({ url, store, isKnownThing: async () => true, log: recordingLog(), clientId: 'x', connectTimeoutMs: 700 }),
    ).rejects.toThrow(`could not connect to the MQTT broker at ${url}`);
  }, 10_000); // without its own timeout, the link would keep retrying past this bound
});

describe('MqttLink under a flooding gateway (embedded broker)', () => {
  const target = databaseTargets()[0] as TestDatabase;
  afterAll(() => target.destroy());

  it('stores at most the burst of a flood, counts the rest as dropped, and keeps storing other gateways', async () => {
    const broker = await startEmbeddedBroker({
      port: 0,
      authenticate: async ({ username }) => (username === 'server' ? SERVER_GRANT : undefined),
    });
    const db = await target.create();
    const store = new ShadowStore(db);
    const limits = { perSecond: 1, burst: 20, maxPending: 1000 };
    const FROZEN = Date.now();
    const link = await MqttLink.connect({
      url: broker.url,
      store,
      isKnownThing: async () => true,
      log: recordingLog(),
      clientId: 'flood-link',
      username: 'server',
      floodLimits: limits,
      now: () => FROZEN, // no refill while the flood arrives, however long it takes: the counts are exact
    });
    const gateway = await mqtt.connectAsync(broker.url, { clientId: 'flooder', username: 'server', reconnectPeriod: 0 });
    try {
      const reports = Array.from({ length: 300 }, (_, i) =>
        gateway.publishAsync(reportedTopic('flooder'), JSON.stringify({ state: { reported: { ActPwrPve: i } } }), { qos: 1 }),
      );
      await Promise.all(reports);
      await gateway.publishAsync(reportedTopic('quiet'), JSON.stringify({ state: { reported: { ActPwrPve: 5 } } }), { qos: 1 });
      await until(() => (link.stats().received >= 301 ? true : undefined));
      await link.settled();
      const stats = link.stats();
      expect(stats.applied).toBe(limits.burst + 1); // the flooder's burst and the quiet gateway's report
      expect(stats.dropped.flooded).toBe(300 - limits.burst);
      expect((await store.get('quiet'))?.state.reported.ActPwrPve).toBe(5);
    } finally {
      await gateway.endAsync();
      await link.close();
      await broker.close();
    }
  });
});

describe('FloodGuard', () => {
  it('admits a burst, then the steady rate, and bounds what waits to be stored', () => {
    let now = 0;
    const guard = new FloodGuard({ perSecond: 2, burst: 5, maxPending: 3 }, () => now);
    const admitted = () => Array.from({ length: 10 }, () => guard.admit('a')).filter(Boolean).length;
    expect(admitted()).toBe(3); // the backlog bound bites before the burst
    for (let i = 0; i < 3; i++) guard.done('a');
    expect(admitted()).toBe(2); // the rest of the burst
    for (let i = 0; i < 5; i++) guard.done('a');
    now += 1000;
    expect(admitted()).toBe(2); // two a second
    expect(guard.admit('b')).toBe(true); // another gateway has its own bucket
  });
});

describe('MqttLink while the database refuses reports (embedded broker)', () => {
  it('tries each report again until the database is back, and lets go of every wait once it has', async () => {
    const broker = await startEmbeddedBroker({
      port: 0,
      authenticate: async ({ username }) => (username === 'server' ? SERVER_GRANT : undefined),
    });
    let down = true;
    const stored: number[] = [];
    // The store as a database outage shows it: every write refused until it returns.
    const store = {
      onChange: () => () => undefined,
      applyReported: async (_thing: string, reported: { ActPwrPve?: number }) => {
        if (down) throw new Error('connect ECONNREFUSED 127.0.0.1:5432');
        stored.push(reported.ActPwrPve ?? -1);
      },
    } as unknown as ShadowStore;
    const link = await MqttLink.connect({
      url: broker.url,
      store,
      isKnownThing: async () => true,
      log: recordingLog(),
      clientId: 'outage-link',
      username: 'server',
    });
    const gateways = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        mqtt.connectAsync(broker.url, { clientId: `outage-gw-${i}`, username: 'server', reconnectPeriod: 0 }),
      ),
    );
    try {
      gateways.forEach((gateway, i) => {
        void gateway.publishAsync(reportedTopic(`outage-gw-${i}`), JSON.stringify({ state: { reported: { ActPwrPve: i } } }), { qos: 1 });
      });
      await until(() => (link.retrying() === gateways.length ? true : undefined));
      down = false;
      await until(() => (stored.length === gateways.length ? true : undefined));
      await link.settled();
      expect(stored.sort((a, b) => a - b)).toEqual(gateways.map((_, i) => i));
      expect(link.retrying()).toBe(0);
    } finally {
      await Promise.all(gateways.map((gateway) => gateway.endAsync()));
      await link.close();
      await broker.close();
    }
  });
});
