// Shadow reads answered from memory while the cluster bus vouches for them: a kept shadow checked
// against the database is handed out without asking again until the bus announces another version or
// timestamp of it, stops hearing the other replicas, or the trust runs out; a read during which the
// bus announced the shadow vouches for nothing. The writer here is another store without a bus (a
// replica whose announcements are lost), so only what the bus says explains what the reader answers.
import type { Kysely } from 'kysely';
import { InProcessBus } from '../../cluster/bus';
import type { Database } from '../../db/schema';
import { databaseTargets } from '../../testing/databases';
import { ShadowStore } from './shadow-store';

/** An in-process bus whose hearing the test sets. */
class TestBus extends InProcessBus {
  heard: number | undefined = 0;
  override hearing(): number | undefined {
    return this.heard;
  }
}

describe.each(databaseTargets())('ShadowStore reads vouched for by the cluster bus on $name', (target) => {
  let db: Kysely<Database>;
  beforeAll(async () => {
    db = await target.create();
  });
  afterAll(() => target.destroy());

  let n = 0;
  const setUp = async (trustMs = 60_000) => {
    const name = `vouched-${++n}`;
    const bus = new TestBus();
    const reader = new ShadowStore(db, { bus, trustMs });
    const writer = new ShadowStore(db);
    await writer.applyReported(name, { ActPwrPve: 1 }, 1_000);
    expect((await reader.get(name))?.version).toBe(1);
    /** A write the reader's bus is not told of. */
    const unannounced = (value: number, at: number) => writer.applyReported(name, { ActPwrPve: value }, at);
    const announce = (doc: { version: number; timestamp: number }) =>
      bus.publish('shadow', { thingName: name, version: doc.version, timestamp: doc.timestamp });
    return { name, bus, reader, unannounced, announce };
  };

  it('answers from memory until the bus announces another version of the shadow', async () => {
    const { name, reader, unannounced, announce } = await setUp();
    const change = await unannounced(2, 2_000);
    expect((await reader.get(name))?.version).toBe(1);
    announce(change.doc);
    expect((await reader.get(name))?.version).toBe(2);
  });

  it('checks again when the bus announces the same version with other timestamps (a report that changed no value)', async () => {
    const { name, reader, unannounced, announce } = await setUp();
    const change = await unannounced(1, 2_000);
    expect(change.changed).toBe(false);
    expect((await reader.get(name))?.timestamp).toBe(1_000);
    announce(change.doc);
    expect((await reader.get(name))?.timestamp).toBe(2_000);
  });

  it('trusts a check no longer than trustMs', async () => {
    const { name, reader, unannounced } = await setUp(50);
    await unannounced(2, 2_000);
    await new Promise((resolve) => setTimeout(resolve, 60));
    expect((await reader.get(name))?.version).toBe(2);
  });

  it('reads the database while the bus does not hear the other replicas, and after it hears again until a new check', async () => {
    const { name, bus, reader, unannounced } = await setUp();
    bus.heard = undefined;
    await unannounced(2, 2_000);
    expect((await reader.get(name))?.version).toBe(2);
    await unannounced(3, 3_000);
    expect((await reader.get(name))?.version).toBe(3);
    bus.heard = 1; // listening again: what was checked before vouches for nothing
    await unannounced(4, 4_000);
    expect((await reader.get(name))?.version).toBe(4);
    await unannounced(5, 5_000);
    expect((await reader.get(name))?.version).toBe(4); // checked while hearing: from memory again
  });

  it('vouches for nothing it read while the bus announced the shadow, whatever the version announced', async () => {
    const { name, reader, unannounced, announce } = await setUp();
    announce({ version: 0, timestamp: 0 }); // the kept copy is checked again by the next read…
    const reading = reader.get(name);
    announce({ version: 1, timestamp: 1_000 }); // …during which the bus announces the shadow
    expect((await reading)?.version).toBe(1);
    await unannounced(2, 2_000);
    expect((await reader.get(name))?.version).toBe(2);
  });
});
