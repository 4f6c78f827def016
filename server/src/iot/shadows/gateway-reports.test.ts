// The gateway reports: what the registry and the fleet read instead of the shadow documents.
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { databaseTargets } from '../../testing/databases';
import { gatewayReport } from './gateway-reports';
import { ShadowStore } from './shadow-store';

describe('gatewayReport', () => {
  it('takes the newest reported timestamp, nested keys included, and a firmware reported as text', () => {
    expect(
      gatewayReport({
        state: { reported: { FirmwareVersion: '3.2.1', ActPwrPve: 5 } },
        metadata: { reported: { FirmwareVersion: { timestamp: 10 }, Battery: { Soc: { timestamp: 30 } }, ActPwrPve: { timestamp: 20 } } },
      }),
    ).toEqual({ last_reported_at: 30, firmware: '3.2.1' });
    expect(gatewayReport({ state: { reported: { FirmwareVersion: 3 } }, metadata: { reported: {} } })).toEqual({
      last_reported_at: null,
      firmware: null,
    });
  });
});

describe.each(databaseTargets())('the shadow store on $name', (target) => {
  let db: Kysely<Database>;
  beforeAll(async () => {
    db = await target.create();
  });
  afterAll(() => target.destroy());

  const report = async (thingName: string) => {
    const row = await db
      .selectFrom('gateway_reports')
      .select(['last_reported_at', 'firmware', 'shadow_version'])
      .where('thing_name', '=', thingName)
      .executeTakeFirstOrThrow();
    return {
      lastReportedAt: row.last_reported_at === null ? null : Number(row.last_reported_at),
      firmware: row.firmware,
      version: row.shadow_version,
    };
  };

  it('keeps it with every write: a report moves it on, a desired change leaves the report time, both the version', async () => {
    const store = new ShadowStore(db);
    await store.setDesired('report-thing', { ExportLimitW: 3000 }, 1_000);
    expect(await report('report-thing')).toEqual({ lastReportedAt: null, firmware: null, version: 1 });
    await store.applyReported('report-thing', { ActPwrPve: 100, FirmwareVersion: '1.0.0' }, 2_000);
    expect(await report('report-thing')).toEqual({ lastReportedAt: 2_000, firmware: '1.0.0', version: 2 });
    await store.applyReported('report-thing', { ActPwrPve: 200 }, 3_000);
    await store.setDesired('report-thing', { ExportLimitW: 4000 }, 4_000);
    expect(await report('report-thing')).toEqual({ lastReportedAt: 3_000, firmware: '1.0.0', version: 4 });
    await store.applyReported('report-thing', { FirmwareVersion: '1.1.0' }, 5_000);
    expect(await report('report-thing')).toEqual({ lastReportedAt: 5_000, firmware: '1.1.0', version: 5 });
  });
});
