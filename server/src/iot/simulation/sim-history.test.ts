import type { SimPlantConfig } from './demo-simulator';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { databaseTargets } from '../../testing/databases';
import { ShadowStore } from '../shadows/shadow-store';
import { backfillHistory } from './sim-history';
import { insertPlant, insertTenant, recordingLog } from '../test-fixtures';
import { startDevices, type DeviceServices } from '../services';
import { testConfig } from '../../testing/test-app';
import { until } from '../../testing/until';
import { readStoredSamples } from '../../series/stored-samples';
import { packClosedHours } from '../../series/series-packer';

const NOW = Date.parse('2025-06-15T10:02:30Z');
const DAY_MS = 86_400_000;

describe.each(databaseTargets())('simulated history on $name', (target) => {
  let db: Kysely<Database>;
  let shadows: ShadowStore;
  const plant = (thingName: string): SimPlantConfig => ({
    thingName,
    latitude: 49.2,
    longitude: 16.6,
    timezone: 'Europe/Prague',
    pvPeakKw: 9.8,
    batteryKwh: 10,
    chargerKw: 11,
  });

  beforeAll(async () => {
    db = await target.create();
    const tenant = await insertTenant(db);
    for (const thing of ['history-new', 'history-live']) await insertPlant(db, tenant, thing);
    shadows = new ShadowStore(db);
    await shadows.applyReported('history-live', { ActPwrPve: 500 }, NOW - 60_000, NOW - 60_000);
  });
  afterAll(() => target.destroy());

  const counts = async (thing: string) => {
    const raw = await db
      .selectFrom('metric_samples')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('thing_name', '=', thing)
      .executeTakeFirstOrThrow();
    const packed = await db
      .selectFrom('metric_blocks')
      .select((eb) => eb.fn.sum<number>('sample_count').as('n'))
      .where('thing_name', '=', thing)
      .executeTakeFirstOrThrow();
    const rollups = await db
      .selectFrom('metric_rollups')
      .select((eb) => eb.fn.sum<number>('sample_count').as('n'))
      .where('thing_name', '=', thing)
      .where('granularity', '=', 'hour')
      .executeTakeFirstOrThrow();
    return { raw: Number(raw.n), packed: Number(packed.n ?? 0), rolledUp: Number(rollups.n) };
  };

  it('writes two days at five-minute resolution, rolled up, for a plant without history, and leaves others alone', async () => {
    const log = recordingLog();
    const backfill = await backfillHistory({ db, shadows, plants: [plant('history-new'), plant('history-live')], days: 2, now: NOW, log });
    expect([...backfill.lastReported.keys()]).toEqual(['history-new']);
    await backfill.written;
    const { raw, packed, rolledUp } = await counts('history-new');
    expect(raw + packed).toBe(rolledUp);
    // written packed up to the hour the packing job packs up to (20 minutes after an hour ends): 09:00
    const rawPv = await db
      .selectFrom('metric_samples')
      .select(['ts'])
      .where('thing_name', '=', 'history-new')
      .where('metric_key', '=', 'ActPwrPve')
      .orderBy('ts')
      .execute();
    expect(rawPv.map((r) => Number(r.ts))[0]).toBe(Date.parse('2025-06-15T09:00:00Z'));
    expect(rawPv).toHaveLength(13); // 09:00 to 10:00
    const pv = (await readStoredSamples(db, 'history-new', ['ActPwrPve'], 0, NOW)).get('ActPwrPve') ?? [];
    expect(pv).toHaveLength((2 * DAY_MS) / 300_000);
    // the packing job then has nothing to move: a first start does not pack the history again
    expect(await packClosedHours(db, NOW)).toMatchObject({ samples: 0, blocks: 0 });
    expect(Number(pv[0]?.ts)).toBe(Date.parse('2025-06-13T10:05:00Z'));
    expect(Number(pv.at(-1)?.ts)).toBe(Date.parse('2025-06-15T10:00:00Z'));
    expect(log.lines).toEqual([expect.stringMatching(/wrote 2 days of simulated history for history-new/)]);
    expect(await counts('history-live')).toEqual({ raw: 1, packed: 0, rolledUp: 1 });
  });

  it('leaves the shadow at the last reported state, for the live gateway to continue from', async () => {
    const shadow = await shadows.get('history-new');
    expect(shadow?.timestamp).toBe(Date.parse('2025-06-15T10:00:00Z'));
    expect(Number(shadow?.state.reported.EnergyLoadTotal)).toBeGreaterThan(5);
  });

  it('writes nothing the second time', async () => {
    const before = await counts('history-new');
    const again = await backfillHistory({
      db,
      shadows,
      plants: [plant('history-new')],
      days: 2,
      now: NOW + 3_600_000,
      log: recordingLog(),
    });
    await again.written;
    expect(again.lastReported.size).toBe(0);
    expect(await counts('history-new')).toEqual(before);
  });
});

describe('the in-process simulator with history and a time factor (embedded broker, sqlite)', () => {
  const target = databaseTargets().find((d) => d.name === 'sqlite');
  let db: Kysely<Database>;
  let devices: DeviceServices | undefined;
  const thing = `history-live-${Date.now()}`;

  beforeAll(async () => {
    if (!target) throw new Error('no sqlite target');
    db = await target.create();
    await insertPlant(db, await insertTenant(db), thing, { simulated: true });
    const config = testConfig({ mqttPort: 0, simulator: true, simIntervalMs: 100, simHistoryDays: 1, simTimeFactor: 3600 });
    devices = await startDevices({ db, config, log: recordingLog(), clientId: `history-test-${Date.now()}` });
  });
  afterAll(async () => {
    await devices?.close();
    await target?.destroy();
  });

  const loadSamples = async () =>
    (await readStoredSamples(db, thing, ['EnergyLoadTotal'], 0, Date.now() + DAY_MS)).get('EnergyLoadTotal') ?? [];

  it('writes a day of history, then the gateway continues from its end, a simulated hour per real second', async () => {
    const startedAt = Date.now();
    const samples = await until(async () => {
      const rows = await loadSamples();
      return rows.filter((r) => Number(r.ts) >= startedAt).length >= 5 ? rows : undefined;
    });
    // History lies on the 5-minute grid up to the last boundary before the start; live reports carry wall-clock ms.
    const history = samples.filter((r) => Number(r.ts) < startedAt && Number(r.ts) % 300_000 === 0);
    const live = samples.filter((r) => Number(r.ts) >= startedAt);
    expect(history).toHaveLength(288);
    const historyEnd = history.at(-1)?.value ?? NaN;
    expect(live[0]?.value).toBeGreaterThanOrEqual(historyEnd);
    // 100 ms of wall clock are 6 simulated minutes: a house draws more than 50 W on average
    const perReport = ((live.at(-1)?.value ?? 0) - (live[0]?.value ?? 0)) / (live.length - 1);
    expect(perReport).toBeGreaterThan(0.005);
    await devices?.close(); // no more reports: every stored sample is rolled up exactly once
    devices = undefined;
    const counts = await db
      .selectFrom('metric_rollups')
      .select((eb) => eb.fn.sum<number>('sample_count').as('n'))
      .where('thing_name', '=', thing)
      .where('granularity', '=', 'month')
      .where('metric_key', '=', 'EnergyLoadTotal')
      .executeTakeFirstOrThrow();
    expect(Number(counts.n)).toBe((await loadSamples()).length);
  });
});
