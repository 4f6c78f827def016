// 059_gateway_report_versions: the shadow's version beside its gateway report (gateway-reports.ts), so
// the registry lists 10,000 plants without looking up 10,000 shadow rows for it; filled in for the
// reports stored before.
import { sql, type Kysely, type Migration } from 'kysely';

export const gatewayReportVersionsMigration: Required<Migration> = {
  async up(db: Kysely<unknown>): Promise<void> {
    await db.schema.alterTable('gateway_reports').addColumn('shadow_version', 'integer').execute();
    await sql`update gateway_reports set shadow_version =
      (select shadows.version from shadows where shadows.thing_name = gateway_reports.thing_name)`.execute(db);
  },

  async down(db: Kysely<unknown>): Promise<void> {
    await db.schema.alterTable('gateway_reports').dropColumn('shadow_version').execute();
  },
};
