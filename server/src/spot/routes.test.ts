import type { ErrorBody } from '@helio/contracts';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { buildApp } from '../http/app';
import { addUser, post, TEST_IDENTITY, tokenFor } from '../iam/test-fixtures';
import { insertTenant } from '../notifications/test-fixtures';
import { testConfig } from '../testing/test-app';
import { databaseTargets } from '../testing/databases';
import { importOnce } from './price-import';
import type { SpotConfig } from './spot-config';
import { spotDb } from './tables';
import { SPOT_PAST_DAYS, type SpotPricesAnswer } from './routes';

const SPOT: SpotConfig = { area: 'CZ', timeZone: 'Europe/Prague', demo: true, eurCzk: 25 };

describe.each(databaseTargets())('spot prices API on $name', (target) => {
  let db: Kysely<Database>;
  let token: string;
  const apps: FastifyInstance[] = [];
  const appWith = async (spot: SpotConfig) => {
    const app = await buildApp({ db, config: testConfig(), identity: TEST_IDENTITY, spot });
    apps.push(app);
    return app;
  };
  const prices = async (app: FastifyInstance, body: object) => {
    const response = await post(app, 'spot/prices', body, { token });
    expect(response.statusCode).toBe(200);
    return response.json<SpotPricesAnswer>();
  };

  beforeAll(async () => {
    db = await target.create();
    token = await tokenFor(db, await addUser(db, await insertTenant(db)));
  });
  afterAll(async () => {
    for (const app of apps) await app.close();
    await target.destroy();
  });

  it('answers the day and the next in the area’s local hours, labelled demo, in EUR/MWh and CZK/kWh', async () => {
    const answer = await prices(await appWith(SPOT), { date: '2026-06-15' });
    expect(answer).toMatchObject({ area: 'CZ', timeZone: 'Europe/Prague', eurCzk: 25 });
    expect(answer.days.map((d) => [d.date, d.demo, d.prices.length])).toEqual([
      ['2026-06-15', true, 24],
      ['2026-06-16', true, 24],
    ]);
    const [first] = answer.days[0].prices;
    expect(first.start).toBe('2026-06-14T22:00:00.000Z'); // local midnight, summer time
    expect(first.end).toBe('2026-06-14T23:00:00.000Z');
    expect(first.czkKwh).toBeCloseTo((first.eurMwh * 25) / 1000, 3);
  });

  it('gives a day when the clocks change its 23 hours', async () => {
    const answer = await prices(await appWith(SPOT), { date: '2026-03-29' });
    expect(answer.days[0].prices).toHaveLength(23);
  });

  it('shows imported prices instead of demo ones, and demo never overwrites them', async () => {
    const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'helio-spot-')), 'prices.csv');
    const lines = ['start,eur_mwh'];
    for (let h = 0; h < 24; h += 1) lines.push(`2026-07-01T${String(h).padStart(2, '0')}:00:00+02:00,${100 + h}`);
    fs.writeFileSync(file, lines.join('\n'));
    expect(await importOnce(spotDb(db), SPOT, file)).toBe(24);
    const answer = await prices(await appWith(SPOT), { date: '2026-07-01' });
    expect(answer.days[0].demo).toBe(false);
    expect(answer.days[0].prices.map((p) => p.eurMwh)).toEqual(Array.from({ length: 24 }, (_, h) => 100 + h));
    expect(answer.days[0].prices[5].czkKwh).toBe(2.625);
  });

  it('replaces the prices of a period on a later import instead of doubling them', async () => {
    const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'helio-spot-')), 'prices.csv');
    fs.writeFileSync(file, 'start,eur_mwh\n2026-08-01T10:00:00+02:00,50\n');
    await importOnce(spotDb(db), SPOT, file);
    fs.writeFileSync(file, 'start,eur_mwh\n2026-08-01T10:00:00+02:00,75.5\n');
    await importOnce(spotDb(db), SPOT, file);
    const answer = await prices(await appWith({ ...SPOT, demo: false }), { date: '2026-08-01' });
    expect(answer.days[0].prices.map((p) => [p.start, p.eurMwh])).toEqual([['2026-08-01T08:00:00.000Z', 75.5]]);
  });

  it('leaves a day without prices empty when demo data is off, instead of inventing any', async () => {
    const inThreeDays = new Date(Date.now() + 3 * 86_400_000).toISOString().slice(0, 10);
    const answer = await prices(await appWith({ ...SPOT, demo: false }), { date: inThreeDays });
    expect(answer.days.map((d) => d.prices.length)).toEqual([0, 0]);
  });

  it('refuses dates far in the past or the future, and stores no demo prices for them', async () => {
    const app = await appWith(SPOT);
    const count = async () =>
      Number(
        (
          await spotDb(db)
            .selectFrom('spot_prices')
            .select((eb) => eb.fn.countAll<number>().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );
    const before = await count();
    for (const date of ['0001-01-01', '9999-12-31', '1990-06-01', new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10)]) {
      const response = await post(app, 'spot/prices', { date }, { token });
      expect(response.statusCode).toBe(400);
      expect(response.json<ErrorBody<{ pastDays: number }>>().error.details?.pastDays).toBe(SPOT_PAST_DAYS);
    }
    expect(await count()).toBe(before);
  });

  it('refuses a date that is not YYYY-MM-DD', async () => {
    const response = await post(await appWith(SPOT), 'spot/prices', { date: '15.6.2026' }, { token });
    expect(response.statusCode).toBe(400);
  });
});
