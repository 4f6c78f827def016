// Kept counter rows on SQLite and PostgreSQL: used again while unchanged, read anew after any write
// to the range, and the last days always read fresh.
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { insertTenant } from '../iot/test-fixtures';
import { databaseTargets } from '../testing/databases';
import { closedBefore, KeptCounters } from './closed-counters';
import { insertFleetPlant, juneDays, writeCounter, writeJune } from './test-fleet';

const DAY = 86_400_000;

describe.each(databaseTargets())('kept counter rows on $name', (target) => {
  let db: Kysely<Database>;
  let scope: { caller: { tenantId: string; sub: string; roleId: string } };
  let thing: string;
  const { base, days } = juneDays();
  const end = (days.at(-1) ?? 0) + DAY;

  beforeAll(async () => {
    db = await target.create();
    const tenant = await insertTenant(db);
    thing = (await insertFleetPlant(db, tenant, 'kept', 10)).thingName;
    await writeJune(db, thing, 40);
    scope = { caller: { tenantId: tenant, sub: 'nobody', roleId: 'owner' } };
  });

  afterAll(() => target.destroy());
  let kept: KeptCounters;
  const counterRows = (...args: Parameters<KeptCounters['rows']>) => kept.rows(...args);
  beforeEach(() => (kept = new KeptCounters(db)));

  it('answers a closed range from memory while nothing in it changed', async () => {
    const first = await counterRows(scope, 'day', base, end);
    expect(first).toHaveLength(4 * 31);
    expect(await counterRows(scope, 'day', base, end)).toBe(first);
  });

  it('keeps at most its bound of rows, the oldest ranges going first, and never a range larger than the bound', async () => {
    kept = new KeptCounters(db, 200);
    const whole = await counterRows(scope, 'day', base, end); // 124 rows
    const shorter = await counterRows(scope, 'day', base, end - DAY); // 120 more: over the bound, the whole month goes
    expect(whole).toHaveLength(124);
    expect(kept.size()).toBe(120);
    expect(await counterRows(scope, 'day', base, end - DAY)).toBe(shorter);
    expect(await counterRows(scope, 'day', base, end)).not.toBe(whole);
    expect(kept.size()).toBeLessThanOrEqual(200);

    kept = new KeptCounters(db, 100);
    await counterRows(scope, 'day', base, end);
    expect(kept.size()).toBe(0);
  });

  it('reads the range anew after a late sample changed a bucket in it', async () => {
    const before = await counterRows(scope, 'day', base, end);
    await db
      .updateTable('metric_rollups')
      .set((eb) => ({ sample_count: eb('sample_count', '+', 1), last_value: eb('last_value', '+', 1) }))
      .where('thing_name', '=', thing)
      .where('bucket', '=', days[10] as number)
      .where('metric_key', '=', 'EnergyPveTotal')
      .execute();
    const after = await counterRows(scope, 'day', base, end);
    expect(after).not.toBe(before);
    const changed = after.find((r) => r.bucket === days[10] && r.metric_key === 'EnergyPveTotal');
    // The base day and days 0–10 each added 40 kWh to the reading of 1000, then the late sample 1.
    expect(changed?.last_value).toBe(1000 + 12 * 40 + 1);
  });

  it('always reads the last days fresh', async () => {
    const now = Date.now();
    const recent = [closedBefore('day', now), closedBefore('day', now) + DAY, now - DAY];
    await writeCounter(db, thing, 'EnergyPveTotal', 'day', recent, 5);
    const rows = await counterRows(scope, 'day', recent[0] as number, now + DAY, now);
    expect(rows.map((r) => r.bucket).sort()).toEqual([...recent].sort());
    await db
      .updateTable('metric_rollups')
      .set({ last_value: 7 })
      .where('thing_name', '=', thing)
      .where('bucket', '=', recent[2] as number)
      .execute();
    const again = await counterRows(scope, 'day', recent[0] as number, now + DAY, now);
    expect(again.find((r) => r.bucket === recent[2])?.last_value).toBe(7);
  });
});
