// A charger whose running session has gone quiet is asked for its meter values (TriggerMessage
// MeterValues), once in METER_STALE_MS, and not while its meter values arrive: the charging controller
// on a driven clock, SQLite and PostgreSQL.
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { insertTenant } from '../iot/test-fixtures';
import { databaseTargets } from '../testing/databases';
import { METER_STALE_MS } from './charging-controller';
import { controllerRig } from './controller-rig';
import { ocppDb } from './tables';

const T0 = Date.parse('2026-11-24T10:00:00Z');
const MIN = 60_000;

describe.each(databaseTargets())('a quiet meter on $name', (target) => {
  let db: Kysely<Database>;
  let tenantId: string;

  beforeAll(async () => {
    db = await target.create();
    tenantId = await insertTenant(db);
  });
  afterAll(() => target.destroy());

  it('asks a charger in a session for MeterValues once its meter is quiet, once a period, and not while values arrive', async () => {
    const charger = await controllerRig(db, tenantId, { startedAt: T0 });
    const asked = () => charger.calls.filter((c) => c.action === 'TriggerMessage').map((c) => c.payload);
    await charger.at(T0 + MIN);
    expect(asked()).toEqual([]);
    await charger.at(T0 + METER_STALE_MS);
    expect(asked()).toEqual([{ requestedMessage: 'MeterValues', connectorId: 1 }]);
    // Asked: not again within the period, though the meter is still quiet.
    await charger.at(T0 + METER_STALE_MS + 2 * MIN);
    expect(asked()).toHaveLength(1);
    // The charger answered with a meter value: nothing is asked while they keep coming.
    const heard = T0 + METER_STALE_MS + 3 * MIN;
    await ocppDb(db)
      .updateTable('charging_transactions')
      .set({ last_meter_at: new Date(heard).toISOString(), last_meter_wh: 500 })
      .where('charger_id', '=', charger.chargerId)
      .execute();
    await charger.at(heard + METER_STALE_MS - 1000);
    expect(asked()).toHaveLength(1);
    await charger.at(heard + METER_STALE_MS);
    expect(asked()).toHaveLength(2);
  });
});
