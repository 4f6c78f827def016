// Shadow document limits and version checks through the real app, store, broker and database:
// 413 over 8 KB, 400 deeper than 6 levels, 409 with the current version; MQTT reports past the limits
// are dropped and counted, and their warnings are rate-limited per thing.
import { reportedTopic } from '@helio/contracts';
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import mqtt from 'mqtt';
import { randomUUID } from 'node:crypto';
import type { Database } from '../../db/schema';
import { buildApp } from '../../http/app';
import { databaseTargets } from '../../testing/databases';
import { apiPost, testConfig } from '../../testing/test-app';
import { startDevices, type DeviceServices } from '../services';
import { ShadowLimitError } from './shadow-limits';
import { insertPlant, insertTenant, recordingLog, userWithToken } from '../test-fixtures';
import { until } from '../../testing/until';

const SERVER_PASSWORD = 'limits-test-server-password';

describe.each(databaseTargets())('shadow document limits on $name', (target) => {
  const run = randomUUID().slice(0, 8);
  const thingName = `lim-${run}`;
  const log = recordingLog();
  let db: Kysely<Database>;
  let devices: DeviceServices;
  let app: FastifyInstance;
  let operator: string;

  beforeAll(async () => {
    db = await target.create();
    const tenant = await insertTenant(db);
    await insertPlant(db, tenant, thingName);
    operator = (await userWithToken(db, tenant, 'operator', undefined, ['monitoring', 'rc'])).idToken;
    const config = testConfig({ mqttPort: 0, simulator: false, mqttPassword: SERVER_PASSWORD });
    devices = await startDevices({ db, config, log, clientId: `limits-${run}` });
    app = await buildApp({ db, config, devices });
  });

  afterAll(async () => {
    await app.close();
    await devices.close();
    await target.destroy();
  });

  const desired = (body: object) => apiPost(app, 'iot/thing/shadow/desired', { thingName, ...body }, operator);
  const version = async () => (await devices.shadows.get(thingName))?.version ?? 0;

  it('answers 413 in the error shape to a desired document over 8 KB, storing nothing', async () => {
    const before = await version();
    const response = await desired({ desiredKey: 'OperMode', desiredState: 'x'.repeat(9000) });
    expect(response.statusCode).toBe(413);
    expect(response.json()).toEqual({
      error: { code: 'PayloadTooLarge', message: expect.stringMatching(/limit is 8192/), details: { limitBytes: 8192 } },
    });
    expect(await version()).toBe(before);
  });

  it('answers 400 to a desired document nested deeper than 6 levels', async () => {
    const deep = { b: { c: { d: { e: { f: { g: 1 } } } } } };
    const response = await desired({ desiredKey: 'OperMode', desiredState: deep });
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toMatchObject({
      code: 'ShadowDocumentInvalid',
      message: expect.stringMatching(/deeper than 6/),
      details: { reason: 'tooDeep', max: 6 },
    });
  });

  it('answers 409 with the current version to a stale expected version, and applies a current one', async () => {
    await desired({ desiredKey: 'OperMode', desiredState: 'idle' });
    const current = await version();
    const stale = await desired({ desiredKey: 'OperMode', desiredState: 'backup', expectedVersion: current - 1 });
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toEqual({
      error: { code: 'Conflict', message: expect.any(String), details: { currentVersion: current, expectedVersion: current - 1 } },
    });
    expect((await devices.shadows.get(thingName))?.state.desired.OperMode).toBe('idle');
    const fresh = await desired({ desiredKey: 'OperMode', desiredState: 'backup', expectedVersion: current });
    expect(fresh.statusCode).toBe(200);
    expect(fresh.json()).toMatchObject({ version: current + 1, state: { desired: { OperMode: 'backup' } } });
    expect((await desired({ desiredKey: 'OperMode', desiredState: 'idle', expectedVersion: -1 })).statusCode).toBe(400);
  });

  it('refuses an update that would grow a stored document past 8 KB, keeping the document as it was', async () => {
    const other = `lim-store-${run}`;
    await insertPlant(db, await insertTenant(db), other);
    const half = (prefix: string) => Object.fromEntries(Array.from({ length: 5 }, (_, i) => [`${prefix}${i}`, 'a'.repeat(1000)]));
    await devices.shadows.applyReported(other, half('Log'));
    const refused = await devices.shadows.applyReported(other, half('More')).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(ShadowLimitError);
    expect((refused as ShadowLimitError).limit).toBe('tooLarge');
    expect(Object.keys((await devices.shadows.get(other))?.state.reported ?? {})).toEqual(Object.keys(half('Log')));
  });

  it('drops MQTT reports past the limits, counting each and logging one line per thing per minute', async () => {
    const before = devices.linkStats();
    const server = await mqtt.connectAsync(devices.mqttUrl, {
      clientId: `lim-pub-${run}`,
      username: 'helio-server',
      password: SERVER_PASSWORD,
    });
    try {
      const deep = { a: { b: { c: { d: { e: { f: { g: 1 } } } } } } };
      for (let i = 0; i < 5; i++) {
        await server.publishAsync(reportedTopic(thingName), JSON.stringify({ state: { reported: deep } }), { qos: 1 });
      }
      // Every value within the 1024-character string limit, the document as a whole over 8 KB.
      const big = Object.fromEntries(Array.from({ length: 9 }, (_, i) => [`Log${i}`, 'z'.repeat(1000)]));
      await server.publishAsync(reportedTopic(thingName), JSON.stringify({ state: { reported: big } }), { qos: 1 });
    } finally {
      await server.endAsync();
    }
    const after = await until(() => {
      const stats = devices.linkStats();
      return stats.dropped.malformed - before.dropped.malformed === 5 && stats.dropped.oversized - before.dropped.oversized === 1
        ? stats
        : undefined;
    });
    expect(after.applied).toBe(before.applied);
    const lines = log.lines.filter((l) => l.startsWith('warn mqtt: dropped') && l.includes(thingName));
    expect(lines).toHaveLength(1);
  });

  it('drops an MQTT report that would grow the stored reported document past 8 KB, counting it', async () => {
    const grower = `lim-grow-${run}`;
    await insertPlant(db, await insertTenant(db), grower);
    const half = (prefix: string) => Object.fromEntries(Array.from({ length: 5 }, (_, i) => [`${prefix}${i}`, 'g'.repeat(1000)]));
    const before = devices.linkStats();
    const server = await mqtt.connectAsync(devices.mqttUrl, {
      clientId: `lim-grow-${run}`,
      username: 'helio-server',
      password: SERVER_PASSWORD,
    });
    try {
      await server.publishAsync(reportedTopic(grower), JSON.stringify({ state: { reported: half('A') } }), { qos: 1 });
      await until(() => (devices.linkStats().applied > before.applied ? true : undefined));
      await server.publishAsync(reportedTopic(grower), JSON.stringify({ state: { reported: half('B') } }), { qos: 1 });
    } finally {
      await server.endAsync();
    }
    await until(() => (devices.linkStats().dropped.oversized > before.dropped.oversized ? true : undefined));
    expect(devices.linkStats().dropped.failed).toBe(before.dropped.failed);
    expect(Object.keys((await devices.shadows.get(grower))?.state.reported ?? {})).toEqual(Object.keys(half('A')));
    expect(log.lines.some((l) => l.includes(`dropped a report of ${grower}`) && l.includes('limit is 8192'))).toBe(true);
  });
});
