// Gateway logins and topic rules proven on real brokers: the embedded one (logins checked against the
// database, on SQLite and PostgreSQL) and a private Mosquitto run with the password and ACL files Helio
// writes. The same proofs run on both.
import { deltaTopic, reportedTopic, statusTopic } from '@helio/contracts';
import type { Kysely } from 'kysely';
import mqtt, { type IClientOptions, type MqttClient } from 'mqtt';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Database } from '../../db/schema';
import { databaseTargets } from '../../testing/databases';
import { mosquittoInstalled, MOSQUITTO_BIN, startMosquitto, type MosquittoProcess } from '../../testing/mosquitto';
import { startEmbeddedBroker, type EmbeddedBroker } from './broker';
import { brokerAuthenticator, type ServerLogin } from './broker-auth';
import { setNewGatewayPassword } from './gateway-credentials';
import { writeMosquittoFiles } from './mosquitto-files';
import { insertPlant, insertTenant } from '../test-fixtures';
import { until } from '../../testing/until';

const SERVER: ServerLogin = { username: 'helio-server', password: 'server-secret-for-tests' };
const QUIET_MS = 800;

interface Gateways {
  a: { thingName: string; password: string };
  b: { thingName: string; password: string };
}

async function provision(db: Kysely<Database>): Promise<Gateways> {
  const tenantId = await insertTenant(db);
  const made: Array<{ thingName: string; password: string }> = [];
  for (const thingName of ['sec-a', 'sec-b']) {
    await insertPlant(db, tenantId, thingName);
    const plant = await db.selectFrom('plants').select(['id', 'thing_name']).where('thing_name', '=', thingName).executeTakeFirstOrThrow();
    made.push({ thingName, password: (await setNewGatewayPassword(db, plant)).password });
  }
  return { a: made[0] as Gateways['a'], b: made[1] as Gateways['b'] };
}

const gatewayOptions = (gw: { thingName: string; password: string }, password = gw.password): IClientOptions => ({
  clientId: `gw-${gw.thingName}`,
  username: `gw-${gw.thingName}`,
  password,
  reconnectPeriod: 0,
  connectTimeout: 3000,
});

/** Every message a client receives, by topic. */
function collect(client: MqttClient): Map<string, string[]> {
  const seen = new Map<string, string[]>();
  client.on('message', (topic, payload) => seen.set(topic, [...(seen.get(topic) ?? []), payload.toString()]));
  return seen;
}

/** The proofs, against whichever broker `url()` names. */
function brokerRules(url: () => string, gateways: () => Gateways) {
  const open: MqttClient[] = [];
  const connect = async (options: IClientOptions) => {
    const client = await mqtt.connectAsync(url(), options);
    open.push(client);
    return client;
  };
  afterEach(async () => {
    await Promise.all(open.splice(0).map((c) => c.endAsync(true)));
  });

  it('lets a gateway in with its own credentials and refuses a wrong password, another gateway’s password and no login', async () => {
    const { a, b } = gateways();
    const client = await connect(gatewayOptions(a));
    expect(client.connected).toBe(true);
    await expect(mqtt.connectAsync(url(), gatewayOptions(a, `${a.password}x`))).rejects.toThrow(/Bad username or password|Not authorized/);
    await expect(mqtt.connectAsync(url(), gatewayOptions(a, b.password))).rejects.toThrow(/Bad username or password|Not authorized/);
    await expect(mqtt.connectAsync(url(), { clientId: 'anonymous', reconnectPeriod: 0 })).rejects.toThrow(
      /Bad username or password|Not authorized/,
    );
  });

  it('delivers a gateway’s own report to the server, never one it publishes on another gateway’s topic', async () => {
    const { a, b } = gateways();
    const server = await connect({
      clientId: `server-${Date.now()}`,
      username: SERVER.username,
      password: SERVER.password,
      reconnectPeriod: 0,
    });
    const atServer = collect(server);
    await server.subscribeAsync('helio/things/#', { qos: 1 });
    const gatewayA = await connect(gatewayOptions(a));
    const gatewayB = await connect(gatewayOptions(b));
    // A forges B's report first (not awaited: aedes closes A's connection instead of acknowledging);
    // B's own report after it, plus a quiet period, give the forgery every chance to arrive.
    gatewayA.publish(reportedTopic(b.thingName), '{"forged":true}', { qos: 1 }, () => undefined);
    await gatewayB.publishAsync(reportedTopic(b.thingName), '{"genuine":true}', { qos: 1 });
    await until(() => (atServer.get(reportedTopic(b.thingName)) ?? []).includes('{"genuine":true}'), 'B’s own report');
    await new Promise((resolve) => setTimeout(resolve, QUIET_MS));
    expect(atServer.get(reportedTopic(b.thingName))).toEqual(['{"genuine":true}']);
  });

  it('lets a gateway hear its own delta but not another gateway’s', async () => {
    const { a, b } = gateways();
    const gatewayA = await connect(gatewayOptions(a));
    const gatewayB = await connect(gatewayOptions(b));
    const atA = collect(gatewayA);
    const atB = collect(gatewayB);
    // aedes answers 0x80; Mosquitto 2.0.11 grants the subscription and then delivers nothing on it.
    // Either way the proof is that A never gets B's delta.
    await gatewayA.subscribeAsync(deltaTopic(b.thingName), { qos: 1 }).catch(() => []);
    await gatewayA.subscribeAsync('helio/things/#', { qos: 1 }).catch(() => []);
    await gatewayA.subscribeAsync(deltaTopic(a.thingName), { qos: 1 });
    await gatewayB.subscribeAsync(deltaTopic(b.thingName), { qos: 1 });
    const server = await connect({
      clientId: `server-d-${Date.now()}`,
      username: SERVER.username,
      password: SERVER.password,
      reconnectPeriod: 0,
    });
    await server.publishAsync(deltaTopic(b.thingName), '{"state":{"OperMode":"idle"}}', { qos: 1 });
    await server.publishAsync(deltaTopic(a.thingName), '{"state":{"OperMode":"backup"}}', { qos: 1 });
    await until(() => atB.has(deltaTopic(b.thingName)) && atA.has(deltaTopic(a.thingName)), 'each gateway’s own delta');
    await new Promise((resolve) => setTimeout(resolve, QUIET_MS));
    expect([...atA.keys()]).toEqual([deltaTopic(a.thingName)]);
    expect(atB.get(deltaTopic(b.thingName))).toEqual(['{"state":{"OperMode":"idle"}}']);
  });

  it('lets a gateway publish its status (its last will) and the server everything', async () => {
    const { a } = gateways();
    const server = await connect({
      clientId: `server-s-${Date.now()}`,
      username: SERVER.username,
      password: SERVER.password,
      reconnectPeriod: 0,
    });
    const atServer = collect(server);
    await server.subscribeAsync(statusTopic(a.thingName), { qos: 1 });
    const gatewayA = await connect(gatewayOptions(a));
    await gatewayA.publishAsync(statusTopic(a.thingName), '{"online":true}', { qos: 1 });
    await until(() => atServer.has(statusTopic(a.thingName)), 'A’s status');
  });
}

describe.each(databaseTargets())('embedded broker logins and topics ($name)', (target) => {
  let db: Kysely<Database>;
  let broker: EmbeddedBroker;
  let gateways: Gateways;

  beforeAll(async () => {
    db = await target.create();
    gateways = await provision(db);
    broker = await startEmbeddedBroker({ port: 0, authenticate: brokerAuthenticator(db, SERVER) });
  });
  afterAll(async () => {
    await broker.close();
    await target.destroy();
  });

  brokerRules(
    () => broker.url,
    () => gateways,
  );

  it('refuses a gateway’s login under another gateway’s client id (no session takeover)', async () => {
    const { a, b } = gateways;
    await expect(mqtt.connectAsync(broker.url, { ...gatewayOptions(b), clientId: `gw-${a.thingName}` })).rejects.toThrow(
      /Bad username or password/,
    );
  });

  it('stops accepting the old password once it is rotated', async () => {
    const { a } = gateways;
    const plant = await db
      .selectFrom('plants')
      .select(['id', 'thing_name'])
      .where('thing_name', '=', a.thingName)
      .executeTakeFirstOrThrow();
    const rotated = await setNewGatewayPassword(db, plant);
    await expect(mqtt.connectAsync(broker.url, gatewayOptions(a))).rejects.toThrow(/Bad username or password/);
    const client = await mqtt.connectAsync(broker.url, gatewayOptions(a, rotated.password));
    await client.endAsync();
    gateways = { ...gateways, a: { ...a, password: rotated.password } };
  });
});

const describeMosquitto = mosquittoInstalled() ? describe : describe.skip;
if (!mosquittoInstalled()) console.warn(`Mosquitto logins and topics SKIPPED: no mosquitto binary at ${MOSQUITTO_BIN}`);

describeMosquitto('Mosquitto with the password and ACL files Helio writes (sqlite)', () => {
  const target = databaseTargets()[0];
  let db: Kysely<Database>;
  let dir: string;
  let mosquitto: MosquittoProcess;
  let gateways: Gateways;

  beforeAll(async () => {
    if (!target) throw new Error('no database target');
    db = await target.create();
    gateways = await provision(db);
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'helio-mosquitto-'));
    const files = await writeMosquittoFiles(db, dir, SERVER);
    mosquitto = await startMosquitto(dir, files);
  });
  afterAll(async () => {
    await mosquitto?.stop();
    await target?.destroy();
    if (dir) fs.rmSync(dir, { recursive: true, force: true });
  });

  brokerRules(
    () => mosquitto.url,
    () => gateways,
  );

  it('takes a rotated password once the files are rewritten and Mosquitto reloads them, dropping the old login', async () => {
    const { a } = gateways;
    const plant = await db
      .selectFrom('plants')
      .select(['id', 'thing_name'])
      .where('thing_name', '=', a.thingName)
      .executeTakeFirstOrThrow();
    const before = await mqtt.connectAsync(mosquitto.url, gatewayOptions(a));
    let dropped = false;
    before.on('close', () => {
      dropped = true;
    });
    const rotated = await setNewGatewayPassword(db, plant);
    await writeMosquittoFiles(db, dir, SERVER);
    await mosquitto.reload();
    await until(() => dropped, 'the connection made with the old password to close');
    await expect(mqtt.connectAsync(mosquitto.url, gatewayOptions(a))).rejects.toThrow(/Bad username or password|Not authorized/);
    const client = await mqtt.connectAsync(mosquitto.url, gatewayOptions(a, rotated.password));
    await client.endAsync();
  });
});
