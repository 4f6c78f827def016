// The monthly report's tables (Kysely types): subscriptions and the record of reports sent
// (073_monthly_reports, server/src/reports/migrations).
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';

export interface ReportSubscriptionTable {
  user_id: string;
  /** 1: the user gets the month's report by mail on the 1st. */
  enabled: number;
  /** JSON text: string[] of plant ids. */
  plant_ids: string;
  /** JSON text: string[] of tag ids. */
  tag_ids: string;
  updated_at: string;
}

export interface ReportDeliveryTable {
  user_id: string;
  /** yyyy-mm, the month reported on; one row per user and month, so a report is never sent twice. */
  month: string;
  sent_at: string;
  outbox_id: string | null;
  /** How many PDFs the mail carried. */
  reports: number;
}

export type ReportTables = { report_subscriptions: ReportSubscriptionTable; report_deliveries: ReportDeliveryTable };
// `Database` holds these tables (the module declares them): the name stays for its callers.
export type ReportsDb = Kysely<Database>;
export const reportsDb = (db: Kysely<Database>): ReportsDb => db;
