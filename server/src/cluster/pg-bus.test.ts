// The cluster bus: on PostgreSQL a message published by one replica reaches the others (not itself a
// second time), many at once arrive whole and in order under NOTIFY's size limit, deployments in other
// schemas hear nothing, and a replica whose listening connection is cut listens again and resyncs.
// On SQLite the bus is in-process.
import type { Kysely } from 'kysely';
import { sql } from 'kysely';
import { createDatabase } from '../db';
import type { Database } from '../db/schema';
import { recordingLog } from '../iot/test-fixtures';
import { databaseTargets, testDatabaseUrl } from '../testing/databases';
import type { ClusterBus, ClusterMessages, ClusterTopic, MessageOrigin } from './bus';
import { startClusterBus } from './start-bus';
import { MAX_NOTIFY_BYTES, packEnvelopes, PgBus } from './pg-bus';
import { until } from '../testing/until';

function heard(bus: ClusterBus): Array<{ message: ClusterMessages['shadow']; origin: MessageOrigin }> {
  const got: Array<{ message: ClusterMessages['shadow']; origin: MessageOrigin }> = [];
  bus.subscribe('shadow', (message, origin) => got.push({ message, origin }));
  return got;
}

describe('NOTIFY envelopes', () => {
  it('packs messages in order into payloads under the limit, and drops only one too large alone', () => {
    const messages = Array.from({ length: 400 }, (_, i): [ClusterTopic, unknown] => [
      'shadow',
      { thingName: `thing-${'x'.repeat(60)}-${i}`, version: i, timestamp: 1700000000000 },
    ]);
    const tooLarge: string[] = [];
    const payloads = packEnvelopes(
      'origin',
      [...messages, ['shadow', { thingName: 'y'.repeat(9000), version: 1, timestamp: 1700000000000 }]],
      (t) => tooLarge.push(t),
    );
    expect(payloads.length).toBeGreaterThan(1);
    for (const payload of payloads) expect(Buffer.byteLength(payload)).toBeLessThanOrEqual(MAX_NOTIFY_BYTES);
    const unpacked = payloads.flatMap((p) => (JSON.parse(p) as { m: unknown[] }).m);
    expect(unpacked).toEqual(messages.map((m) => [...m]));
    expect(tooLarge).toEqual(['shadow']);
  });
});

describe('the cluster bus on SQLite', () => {
  it('is in-process', async () => {
    const target = databaseTargets()[0];
    const db = await target!.create();
    const bus = await startClusterBus(db, testDatabaseUrl(db), recordingLog());
    expect(bus.kind).toBe('in-process');
    const got = heard(bus);
    bus.publish('shadow', { thingName: 't', version: 1, timestamp: 1700000000000 });
    expect(got).toEqual([{ message: { thingName: 't', version: 1, timestamp: 1700000000000 }, origin: 'local' }]);
    // nothing but this process writes SQLite: it hears every change there is
    expect(bus.hearing()).toBe(0);
    await bus.close();
    await target!.destroy();
  });
});

const postgres = databaseTargets().find((t) => t.name === 'postgres');
if (!postgres) console.warn('The cluster bus over PostgreSQL SKIPPED: no PostgreSQL server answers');

(postgres ? describe : describe.skip)('the cluster bus over PostgreSQL LISTEN/NOTIFY', () => {
  let dbA: Kysely<Database>;
  let dbB: Kysely<Database>;
  let a: ClusterBus;
  let b: ClusterBus;

  beforeAll(async () => {
    dbA = await postgres!.create();
    dbB = await createDatabase(testDatabaseUrl(dbA));
    a = await startClusterBus(dbA, testDatabaseUrl(dbA), recordingLog());
    b = await startClusterBus(dbB, testDatabaseUrl(dbA), recordingLog());
  });
  afterAll(async () => {
    await b?.close();
    await a?.close();
    await dbB?.destroy();
    await postgres?.destroy();
  });

  it('brings a message to the other replica as remote, and to its own listeners once, as local', async () => {
    const onA = heard(a);
    const onB = heard(b);
    expect(a.kind).toBe('postgres');
    a.publish('shadow', { thingName: 'one', version: 7, timestamp: 1700000000000 });
    expect(onA).toEqual([{ message: { thingName: 'one', version: 7, timestamp: 1700000000000 }, origin: 'local' }]);
    await until(() => (onB.length > 0 ? true : undefined), 'the message on replica B');
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(onB).toEqual([{ message: { thingName: 'one', version: 7, timestamp: 1700000000000 }, origin: 'remote' }]);
    expect(onA).toHaveLength(1);
  });

  it('brings a burst of messages larger than one NOTIFY whole and in order', async () => {
    const onB = heard(b);
    const sent = Array.from({ length: 1000 }, (_, i) => ({
      thingName: `burst-${'t'.repeat(40)}-${i}`,
      version: i,
      timestamp: 1700000000000,
    }));
    for (const message of sent) a.publish('shadow', message);
    await until(() => (onB.length >= sent.length ? true : undefined), 'the burst on replica B');
    expect(onB.map((h) => h.message)).toEqual(sent);
  });

  it('keeps deployments in other schemas apart', async () => {
    const other = await postgres!.create();
    const bus = await startClusterBus(other, testDatabaseUrl(other), recordingLog());
    const onOther = heard(bus);
    const onB = heard(b);
    a.publish('shadow', { thingName: 'mine', version: 1, timestamp: 1700000000000 });
    await until(() => (onB.length > 0 ? true : undefined), 'the message on replica B');
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(onOther).toEqual([]);
    await bus.close();
  });

  it('listens again after its connection is cut, tells its resync listeners, and hears messages again', async () => {
    let resyncs = 0;
    let hearingAtResync: number | undefined;
    b.onResync(() => {
      resyncs++;
      hearingAtResync = b.hearing();
    });
    const hearingBefore = b.hearing();
    expect(hearingBefore).toEqual(expect.any(Number));
    let heardThroughout = true;
    const deaf = b.subscribe('shadow', () => undefined);
    const channel = (b as PgBus).channel;
    // only this suite's database: the machine's PostgreSQL also serves other runs (another checkout,
    // the reliability suite) on the same channel name, whose listeners are not this test's to cut
    const cut = await sql<{ cut: boolean }>`
      select pg_terminate_backend(pid) as cut from pg_stat_activity where query = ${`LISTEN "${channel}"`} and datname = current_database() and pid <> pg_backend_pid()`.execute(
      dbA,
    );
    // both replicas listen on the channel: cut both, as a PostgreSQL restart does
    expect(cut.rows.length).toBe(2);
    // while it does not listen it vouches for nothing, and after it is back not for what it heard before
    await until(() => (b.hearing() === undefined ? true : undefined), 'replica B saying it does not hear the others');
    heardThroughout = false;
    await until(() => (resyncs > 0 ? true : undefined), 'the resync after reconnecting');
    expect(heardThroughout).toBe(false);
    expect(hearingAtResync).toEqual(expect.any(Number));
    expect(hearingAtResync).not.toBe(hearingBefore);
    deaf();
    const onB = heard(b);
    a.publish('shadow', { thingName: 'after', version: 2, timestamp: 1700000000000 });
    await until(() => (onB.length > 0 ? true : undefined), 'a message after reconnecting');
    expect(onB[0]).toEqual({ message: { thingName: 'after', version: 2, timestamp: 1700000000000 }, origin: 'remote' });
  });
});
