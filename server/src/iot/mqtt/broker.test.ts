import mqtt from 'mqtt';
import net from 'node:net';
import { gatewayGrant, SERVER_GRANT } from './broker-acl';
import { MAX_MQTT_PACKET_BYTES, startEmbeddedBroker, type BrokerAuthenticate, type EmbeddedBroker } from './broker';

/** Logins for these tests: the server and one gateway, plain passwords (the database check is tested elsewhere). */
const authenticate: BrokerAuthenticate = async ({ username, password, clientId }) => {
  if (username === 'server' && password === 'server-pw') return SERVER_GRANT;
  if (username === 'gw-a' && password === 'a-pw' && clientId === 'gw-a') return gatewayGrant('a');
  return undefined;
};

const asServer = (id: string) => ({ clientId: id, username: 'server', password: 'server-pw', reconnectPeriod: 0 });

describe('embedded broker', () => {
  let broker: EmbeddedBroker;

  beforeAll(async () => {
    broker = await startEmbeddedBroker({ port: 0, authenticate });
  });

  afterAll(async () => {
    await broker.close();
  });

  it('listens on loopback at the port it reports', () => {
    expect(broker.port).toBeGreaterThan(0);
    expect(broker.url).toBe(`mqtt://127.0.0.1:${broker.port}`);
  });

  it('routes a QoS 1 message from one client to a subscriber', async () => {
    const subscriber = await mqtt.connectAsync(broker.url, asServer('sub'));
    const publisher = await mqtt.connectAsync(broker.url, asServer('pub'));
    try {
      await subscriber.subscribeAsync('helio/test', { qos: 1 });
      const received = new Promise<string>((resolve) => subscriber.once('message', (_t, p) => resolve(p.toString())));
      await publisher.publishAsync('helio/test', 'hello', { qos: 1 });
      await expect(received).resolves.toBe('hello');
    } finally {
      await Promise.all([subscriber.endAsync(), publisher.endAsync()]);
    }
  });

  it('refuses anonymous clients, wrong passwords and a gateway login under another client id', async () => {
    for (const options of [
      { clientId: 'anon' },
      { clientId: 'x', username: 'server', password: 'wrong' },
      { clientId: 'gw-b', username: 'gw-a', password: 'a-pw' },
    ]) {
      await expect(mqtt.connectAsync(broker.url, { ...options, reconnectPeriod: 0 })).rejects.toThrow(/Bad username or password/);
    }
  });

  it('cuts a connection whose packet announces more than the packet size limit, before its body arrives', async () => {
    const socket = net.connect(broker.port, '127.0.0.1');
    const closed = new Promise<boolean>((resolve) => {
      socket.once('close', () => resolve(true));
      setTimeout(() => resolve(false), 2000);
    });
    // a PUBLISH fixed header announcing one byte more than allowed (remaining length as MQTT's varint)
    const length: number[] = [];
    let left = MAX_MQTT_PACKET_BYTES + 1;
    do {
      let byte = left % 128;
      left = Math.floor(left / 128);
      if (left > 0) byte |= 128;
      length.push(byte);
    } while (left > 0);
    socket.write(Buffer.from([0x30, ...length, 0, 1, 0x61]));
    expect(await closed).toBe(true);
    socket.destroy();
  });

  it('still takes a packet just under the limit', async () => {
    const subscriber = await mqtt.connectAsync(broker.url, asServer('big-sub'));
    const publisher = await mqtt.connectAsync(broker.url, asServer('big-pub'));
    try {
      await subscriber.subscribeAsync('helio/big', { qos: 1 });
      const received = new Promise<number>((resolve) => subscriber.once('message', (_t, p) => resolve(p.length)));
      await publisher.publishAsync('helio/big', Buffer.alloc(MAX_MQTT_PACKET_BYTES - 100), { qos: 1 });
      await expect(received).resolves.toBe(MAX_MQTT_PACKET_BYTES - 100);
    } finally {
      await Promise.all([subscriber.endAsync(), publisher.endAsync()]);
    }
  });

  it('starts a crashed worker again on the same port; clients can log in again', async () => {
    const crashing = await startEmbeddedBroker({ port: 0, authenticate });
    try {
      await crashing.crashWorker();
      const deadline = Date.now() + 5000;
      while (crashing.restarts === 0 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 50));
      expect(crashing.restarts).toBe(1);
      const client = await mqtt.connectAsync(crashing.url, asServer('after-crash'));
      await client.endAsync();
    } finally {
      await crashing.close();
    }
  });

  it('disconnects the clients of a revoked username', async () => {
    const gateway = await mqtt.connectAsync(broker.url, { clientId: 'gw-a', username: 'gw-a', password: 'a-pw', reconnectPeriod: 0 });
    const closed = new Promise<void>((resolve) => gateway.once('close', () => resolve()));
    broker.revoke('gw-a');
    await closed;
    await gateway.endAsync(true);
  });

  it('fails to start on a port that is taken, naming the port', async () => {
    await expect(startEmbeddedBroker({ port: broker.port, authenticate })).rejects.toThrow(`127.0.0.1:${broker.port}`);
  });

  it('closes even with clients connected, freeing the port', async () => {
    const other = await startEmbeddedBroker({ port: 0, authenticate });
    const client = await mqtt.connectAsync(other.url, asServer('c'));
    await other.close();
    const again = await startEmbeddedBroker({ port: other.port, authenticate });
    await again.close();
    await client.endAsync(true);
  });
});
