// reports: the monthly plant report, its subscription and its PDF (reports/*). The monthly mail is
// a leader job started by main.ts (monthly-mail.ts).
import type { Kysely } from 'kysely';
import type { Config } from '../config';
import type { Database } from '../db/schema';
import type { JobDeps } from '../modules';
import { serverModule, tables } from '../server-module';
import type { ReportTables } from './tables';
import { monthlyReportsMigration } from './migrations/073-monthly-reports';
import { startMonthlyReports } from './monthly-mail';
import { reportHandlers } from './routes';
import type { KeptCounters } from '../analytics/closed-counters';

export const reportsModule = serverModule({
  name: 'reports',
  tables: tables<ReportTables>(),
  migrations: {
    '073_monthly_reports': monthlyReportsMigration,
  },
  // last month's report to its subscribers, on the 1st (one replica)
  jobs: ({ db, config, log, leaseTtlMs, holder }: Pick<JobDeps, 'db' | 'config' | 'log' | 'leaseTtlMs' | 'holder'>) => [
    startMonthlyReports({ db, config: config.analytics, consoleUrl: config.consoleUrl, log, leaseTtlMs, holder }),
  ],
  handlers: ({ db, config, counters }: { db: Kysely<Database>; config: Pick<Config, 'analytics'>; counters: KeptCounters }) =>
    reportHandlers({ db, config: config.analytics, counters }),
});
