// What browsers report about the modules they load: one load per module and page load, and the
// modules that failed to load or mount. A report counts only for releases its sender is served (the
// stable one, or the canary they are assigned), so nobody can judge a release they do not get. A
// canary whose errors per load pass its threshold, once it has its minimum of loads, rolls back by itself.
import type { Kysely } from 'kysely';
import { RELEASE_ERROR_MESSAGE_MAX, RELEASE_REPORTS_PER_MINUTE, type ReleaseReport } from '@helio/contracts';
import type { Database } from '../db/schema';
import { getsCanary, type Visitor } from './assignment';
import { audit, loadRollouts, platformTenantId, tenantsOf, type Rollout } from './store';

export interface AutoRollback {
  at: string;
  release: string;
  loads: number;
  errors: number;
}

/** Fixed one-minute windows per user: enough to stop a loop, no storage beyond a map of counters. */
export function reportLimiter(perMinute = RELEASE_REPORTS_PER_MINUTE, now: () => number = Date.now) {
  let windowStart = now();
  let counts = new Map<string, number>();
  return {
    /** true: the report may count; false: over the limit. */
    take(userId: string): boolean {
      if (now() - windowStart >= 60_000) {
        windowStart = now();
        counts = new Map();
      }
      const used = counts.get(userId) ?? 0;
      if (used >= perMinute) return false;
      counts.set(userId, used + 1);
      return true;
    },
    retryAfterSeconds: () => Math.max(1, Math.ceil((windowStart + 60_000 - now()) / 1000)),
  };
}

function servedRelease(rollout: Rollout, visitor: Visitor): Set<string> {
  const names = new Set([rollout.stable.id]);
  const assignment = {
    module: rollout.module.module,
    stable: rollout.stable.name,
    canary: rollout.canary?.name ?? null,
    share: rollout.module.canary_share,
    tenants: tenantsOf(rollout.module),
  };
  if (rollout.canary && getsCanary(assignment, visitor)) names.add(rollout.canary.id);
  return names;
}

/** Counts a report; answers how many entries counted. Each module counts once per report. */
export async function countReport(db: Kysely<Database>, visitor: Visitor, report: ReleaseReport, now = new Date()): Promise<number> {
  const rollouts = new Map((await loadRollouts(db)).map((r) => [r.module.module, r]));
  const releaseOf = (module: string, name: string) => {
    const rollout = rollouts.get(module);
    if (!rollout) return undefined;
    const release = [rollout.stable, rollout.canary].find((r) => r?.name === name);
    return release && servedRelease(rollout, visitor).has(release.id) ? release : undefined;
  };
  const loads = new Map<string, string>();
  const errors = new Map<string, string>();
  for (const { module, release } of report.loads) {
    const row = releaseOf(module, release);
    if (row) loads.set(row.id, module);
  }
  for (const { module, release, message } of report.errors) {
    const row = releaseOf(module, release);
    if (row && !errors.has(row.id)) errors.set(row.id, message.slice(0, RELEASE_ERROR_MESSAGE_MAX));
  }
  for (const id of loads.keys()) {
    await db
      .updateTable('releases')
      .set((eb) => ({ loads: eb('loads', '+', 1) }))
      .where('id', '=', id)
      .execute();
  }
  for (const [id, message] of errors) {
    await db
      .updateTable('releases')
      .set((eb) => ({ errors: eb('errors', '+', 1), last_error: message }))
      .where('id', '=', id)
      .execute();
  }
  if (errors.size > 0) await judgeCanaries(db, now);
  return loads.size + errors.size;
}

/** Rolls back every canary past its threshold; answers the modules it rolled back. */
export async function judgeCanaries(db: Kysely<Database>, now = new Date()): Promise<string[]> {
  const rolledBack: string[] = [];
  for (const { module, canary } of await loadRollouts(db)) {
    if (!canary || canary.loads < module.canary_min_loads) continue;
    if (canary.errors / canary.loads <= module.canary_max_error_rate) continue;
    const record: AutoRollback = { at: now.toISOString(), release: canary.name, loads: canary.loads, errors: canary.errors };
    const result = await db
      .updateTable('release_modules')
      .set({
        canary_release_id: null,
        canary_share: 0,
        canary_tenants: '[]',
        auto_rollback: JSON.stringify(record),
        updated_at: record.at,
        updated_by: null,
      })
      .where('module', '=', module.module)
      .where('canary_release_id', '=', canary.id)
      .executeTakeFirst();
    // Another replica may have judged it a moment earlier: only the one that changed the row audits.
    if (Number(result.numUpdatedRows) === 0) continue;
    const tenantId = await platformTenantId(db);
    if (tenantId) {
      await audit(db, { tenantId, id: null, email: null }, 'releases.auto_rolled_back', module.module, {
        release: canary.name,
        loads: canary.loads,
        errors: canary.errors,
        maxErrorRate: module.canary_max_error_rate,
        minLoads: module.canary_min_loads,
      });
    }
    rolledBack.push(module.module);
  }
  return rolledBack;
}
