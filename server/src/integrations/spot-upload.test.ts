// Spot price uploads through the real app (SQLite and PostgreSQL): an organisation's upload is its own
// series, which it sees in place of the server's (spot/prices, EV prices, analytics) and no other
// organisation sees; the server's series stays as it was; the upload and its removal are audited in the
// uploader's log, and none of it happens when that entry cannot be written.
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { SpotPrices, SpotSource } from '@helio/contracts';
import type { Database } from '../db/schema';
import { insertTenant } from '../iot/test-fixtures';
import { spotPeriods } from '../ev/prices';
import { buildApp } from '../http/app';
import { MODULE_KEYS } from '@helio/contracts';
import { addUser, tokenFor } from '../iam/test-fixtures';
import { readSpotPrices } from '../analytics/fleet-query';
import { loadSpotConfig } from '../spot/spot-config';
import { spotDb } from '../spot/tables';
import { databaseTargets } from '../testing/databases';
import { whileAuditRefused } from '../testing/refused-audit';
import { apiPost, testConfig } from '../testing/test-app';

const SPOT = { ...loadSpotConfig({}), demo: true };
/** Two hours of 15 June 2026, local time: a day the server's demo curve also fills. */
const NIGHT = Date.parse('2026-06-14T22:00:00Z');
const HOSTILE = 'start,eur_mwh\n2026-06-15T00:00:00+02:00,-9999\n2026-06-15T01:00:00+02:00,-9999';

describe.each(databaseTargets())('spot price uploads on $name', (target) => {
  let db: Kysely<Database>;
  let app: FastifyInstance;
  const tenants = { uploader: '', other: '' };
  const tokens = { uploader: '', other: '' };

  beforeAll(async () => {
    db = await target.create();
    tenants.uploader = await insertTenant(db);
    tenants.other = await insertTenant(db);
    // an admin, not only an owner: the prices are the organisation's own now
    tokens.uploader = await tokenFor(db, await addUser(db, tenants.uploader, { role: 'admin', modules: MODULE_KEYS }));
    tokens.other = await tokenFor(db, await addUser(db, tenants.other, { role: 'owner', modules: MODULE_KEYS }));
    app = await buildApp({ db, config: testConfig(), spot: SPOT });
  });

  afterAll(async () => {
    await app.close();
    await target.destroy();
  });

  const firstHours = async (who: keyof typeof tokens) => {
    const answer = (await apiPost(app, 'spot/prices', { date: '2026-06-15' }, tokens[who])).json<SpotPrices>();
    const [today] = answer.days;
    return { own: today?.own, demo: today?.demo, eurMwh: today?.prices.slice(0, 3).map((p) => p.eurMwh) };
  };
  const auditOf = async (tenantId: string) =>
    (await db.selectFrom('audit_events').select('action').where('tenant_id', '=', tenantId).execute()).map((a) => a.action).sort();
  const sharedRows = async () =>
    Number(
      (
        await spotDb(db)
          .selectFrom('spot_prices')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where('eur_mwh', '=', -9999)
          .executeTakeFirstOrThrow()
      ).n,
    );

  it('keeps one organisation’s upload to itself: its spot prices, EV prices and analytics change, no one else’s', async () => {
    const before = await firstHours('other');
    expect(before).toMatchObject({ own: false, demo: true });
    const uploaded = await apiPost(app, 'integration/spot/upload', { csv: HOSTILE }, tokens.uploader);
    expect(uploaded.json()).toEqual({ rows: 2 });

    expect(await firstHours('uploader')).toEqual({ own: true, demo: true, eurMwh: [-9999, -9999, before.eurMwh?.[2]] });
    expect(await firstHours('other')).toEqual(before);
    expect(await sharedRows()).toBe(0);

    const evPrices = async (tenantId: string) =>
      (await spotPeriods(db, SPOT, tenantId, NIGHT, NIGHT + 2 * 3_600_000, false)).map((p) => p.czkKwh === (-9999 * SPOT.eurCzk) / 1000);
    expect(await evPrices(tenants.uploader)).toEqual([true, true]);
    expect(await evPrices(tenants.other)).toEqual([false, false]);
    const analytics = async (tenantId: string) =>
      (await readSpotPrices(db, { caller: { tenantId, sub: 'x', roleId: 'owner' } }, SPOT.area, NIGHT, NIGHT + 2 * 3_600_000)).map(
        (p) => p.eurMwh,
      );
    expect(await analytics(tenants.uploader)).toEqual([-9999, -9999]);
    expect(await analytics(tenants.other)).not.toContain(-9999);

    expect(await auditOf(tenants.uploader)).toEqual(['integrations.spot_uploaded']);
    expect(await auditOf(tenants.other)).toEqual([]);
    const sources = async (who: keyof typeof tokens) =>
      (await apiPost(app, 'integration/sources', {}, tokens[who])).json<{ spot: SpotSource }>().spot;
    expect(await sources('uploader')).toMatchObject({ ownRows: 2, lastImport: { rows: 2, source: 'upload' } });
    expect(await sources('other')).toMatchObject({ ownRows: 0, lastImport: null });
  });

  it('lets the organisation remove its own prices, audited, and then shows the server’s again', async () => {
    const cleared = await apiPost(app, 'integration/spot/clear', {}, tokens.uploader);
    expect(cleared.json()).toEqual({ rows: 2 });
    expect(await firstHours('uploader')).toEqual(await firstHours('other'));
    expect(await auditOf(tenants.uploader)).toEqual(['integrations.spot_cleared', 'integrations.spot_uploaded']);
    expect((await apiPost(app, 'integration/spot/clear', {}, tokens.uploader)).json()).toEqual({ rows: 0 });
    expect(await auditOf(tenants.uploader)).toHaveLength(2);
  });

  it('records a bad file’s errors for the sources page and stores nothing', async () => {
    const bad = await apiPost(app, 'integration/spot/upload', { csv: 'start,eur_mwh\nyesterday,1' }, tokens.uploader);
    expect(bad.statusCode).toBe(400);
    const spot = (await apiPost(app, 'integration/sources', {}, tokens.uploader)).json<{ spot: SpotSource }>().spot;
    expect(spot).toMatchObject({ ownRows: 0, lastImport: { rows: 0, errors: [expect.stringMatching(/line 2/)] } });
  });

  it('makes no change whose audit entry cannot be written', async () => {
    await apiPost(app, 'integration/spot/upload', { csv: HOSTILE }, tokens.uploader);
    const before = await firstHours('uploader');
    await whileAuditRefused(db, tenants.uploader, async () => {
      for (const [path, body] of [
        ['integration/spot/upload', { csv: 'start,eur_mwh\n2026-06-15T00:00:00+02:00,99\n2026-06-15T01:00:00+02:00,98' }],
        ['integration/spot/clear', {}],
      ] as const) {
        const response = await apiPost(app, path, body, tokens.uploader);
        expect([path, response.statusCode]).toEqual([path, 500]);
      }
    });
    expect(await firstHours('uploader')).toEqual(before);
  });
});
