import { createServer } from 'node:net';
import type { AddressInfo } from 'node:net';
import { databaseTargets, type TestDatabase } from '../testing/databases';
import { MqttLink } from './mqtt-link';
import { ShadowStore } from './shadow-store';
import { recordingLog } from './test-fixtures';

/** A port nothing listens on: bound, read, released. */
async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

describe('MqttLink.connect', () => {
  const target = databaseTargets()[0] as TestDatabase;
  afterAll(() => target.destroy());

  it('fails startup within its timeout, naming the broker, when no broker answers', async () => {
    const url = `mqtt://127.0.0.1:${await freePort()}`;
    const store = new ShadowStore(await target.create());
    const started = Date.now();
    await expect(
      MqttLink.connect({ url, store, isKnownThing: async () => true, log: recordingLog(), clientId: 'x', connectTimeoutMs: 700 }),
    ).rejects.toThrow(`could not connect to the MQTT broker at ${url}`);
    expect(Date.now() - started).toBeLessThan(3000);
  });
});
