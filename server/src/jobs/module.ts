// jobs: the leader leases of the periodic jobs (leader-lease.ts, leader-job.ts); the jobs themselves
// are their domains'.
import { serverModule, tables } from '../server-module';
import type { JobLeaseTable } from './leader-lease';
import { jobLeasesMigration } from './migrations/025-job-leases';
import { jobRunsMigration } from './migrations/045-job-runs';

export const jobsModule = serverModule({
  name: 'jobs',
  tables: tables<{ job_leases: JobLeaseTable }>(),
  migrations: {
    '025_job_leases': jobLeasesMigration,
    '045_job_runs': jobRunsMigration,
  },
});
