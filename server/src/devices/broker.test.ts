import mqtt from 'mqtt';
import { startEmbeddedBroker, type EmbeddedBroker } from './broker';

describe('embedded broker', () => {
  let broker: EmbeddedBroker;

  beforeAll(async () => {
    broker = await startEmbeddedBroker({ port: 0 });
  });

  afterAll(async () => {
    await broker.close();
  });

  it('listens on loopback at the port it reports', () => {
    expect(broker.port).toBeGreaterThan(0);
    expect(broker.url).toBe(`mqtt://127.0.0.1:${broker.port}`);
  });

  it('routes a QoS 1 message from one client to a subscriber', async () => {
    const subscriber = await mqtt.connectAsync(broker.url, { clientId: 'sub' });
    const publisher = await mqtt.connectAsync(broker.url, { clientId: 'pub' });
    try {
      await subscriber.subscribeAsync('helio/test', { qos: 1 });
      const received = new Promise<string>((resolve) => subscriber.once('message', (_t, p) => resolve(p.toString())));
      await publisher.publishAsync('helio/test', 'hello', { qos: 1 });
      await expect(received).resolves.toBe('hello');
    } finally {
      await Promise.all([subscriber.endAsync(), publisher.endAsync()]);
    }
  });

  it('fails to start on a port that is taken, naming the port', async () => {
    await expect(startEmbeddedBroker({ port: broker.port })).rejects.toThrow(`127.0.0.1:${broker.port}`);
  });

  it('closes even with clients connected, freeing the port', async () => {
    const other = await startEmbeddedBroker({ port: 0 });
    const client = await mqtt.connectAsync(other.url, { reconnectPeriod: 0 });
    await other.close();
    const again = await startEmbeddedBroker({ port: other.port });
    await again.close();
    await client.endAsync(true);
  });
});
