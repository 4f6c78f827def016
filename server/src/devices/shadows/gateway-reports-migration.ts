// 056_gateway_reports: each shadow's last report time and firmware in a narrow table of their own
// (gateway-reports.ts), filled in for the shadows stored before.
import { sql, type Kysely, type Migration } from 'kysely';
import { gatewayReport } from './gateway-reports';

const BATCH = 500;

export const gatewayReportsMigration: Required<Migration> = {
  async up(db: Kysely<unknown>): Promise<void> {
    await db.schema
      .createTable('gateway_reports')
      .addColumn('thing_name', 'text', (c) => c.primaryKey())
      .addColumn('last_reported_at', 'bigint')
      .addColumn('firmware', 'text')
      .execute();
    for (let after = ''; ;) {
      const { rows } = await sql<{ thing_name: string; reported: string; metadata: string }>`
        select thing_name, reported, metadata from shadows where thing_name > ${after} order by thing_name limit ${BATCH}`.execute(db);
      for (const row of rows) {
        const metadata = JSON.parse(row.metadata) as { reported?: unknown };
        const report = gatewayReport({
          state: { reported: JSON.parse(row.reported) as Record<string, unknown> },
          metadata: { reported: metadata.reported },
        });
        await sql`insert into gateway_reports (thing_name, last_reported_at, firmware)
          values (${row.thing_name}, ${report.last_reported_at}, ${report.firmware})`.execute(db);
      }
      const last = rows.at(-1);
      if (!last) break;
      after = last.thing_name;
    }
  },

  async down(db: Kysely<unknown>): Promise<void> {
    await db.schema.dropTable('gateway_reports').execute();
  },
};
