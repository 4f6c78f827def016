import mqtt from 'mqtt';
import { gatewayGrant, SERVER_GRANT } from './broker-acl';
import { startEmbeddedBroker, type BrokerAuthenticate, type EmbeddedBroker } from './broker';

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
