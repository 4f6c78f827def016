// 056_gateway_reports: each shadow's last report time and firmware in a narrow table of their own
// (iot/shadows/gateway-reports.ts), filled in for the shadows stored before.
import { sql, type Kysely, type Migration } from 'kysely';

const BATCH = 500;

// What iot/shadows/gateway-reports.ts made of a shadow then, copied so this migration stays what it
// was (frozen: do not edit): the newest timestamp anywhere in the reported metadata, and the reported
// FirmwareVersion when it is a string.
function newestTimestamp(tree: unknown): number | null {
  if (typeof tree !== 'object' || tree === null) return null;
  let newest: number | null = null;
  for (const [key, value] of Object.entries(tree as Record<string, unknown>)) {
    const candidate = key === 'timestamp' && typeof value === 'number' ? value : newestTimestamp(value);
    if (candidate !== null && (newest === null || candidate > newest)) newest = candidate;
  }
  return newest;
}

function gatewayReport(reported: Record<string, unknown>, metadata: unknown) {
  const firmware = reported.FirmwareVersion;
  return { last_reported_at: newestTimestamp(metadata), firmware: typeof firmware === 'string' ? firmware : null };
}

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
        const report = gatewayReport(JSON.parse(row.reported) as Record<string, unknown>, metadata.reported);
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
