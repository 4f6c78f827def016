// What browsers report about the modules they load: the modules loaded, and the ones that failed to
// load or mount. A report counts only from a signed-in session and only for releases its sender is
// served (the stable one, or the canary they are assigned), so nobody can judge a release they do not
// get; and a release's loads and errors count distinct users (release_reporters), so one user's
// reports, however many, move it by one at most. A canary whose share of users with errors passes its
// threshold, once at least its minimum of users (and CANARY_MIN_REPORTERS) loaded it, rolls back by itself.
import type { Kysely } from 'kysely';
import { CANARY_MIN_REPORTERS, RELEASE_ERROR_MESSAGE_MAX, RELEASE_REPORTS_PER_MINUTE, type ReleaseReport } from '@helio/contracts';
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

/** Marks what `userId` reported of a release; answers whether the mark is new (it counts then). */
async function markReporter(
  db: Kysely<Database>,
  releaseId: string,
  userId: string,
  mark: 'loaded' | 'errored',
  now: Date,
): Promise<boolean> {
  await db
    .insertInto('release_reporters')
    .values({ release_id: releaseId, user_id: userId, loaded: 0, errored: 0, first_at: now.toISOString() })
    .onConflict((oc) => oc.columns(['release_id', 'user_id']).doNothing())
    .execute();
  const marked = await db
    .updateTable('release_reporters')
    .set({ [mark]: 1 })
    .where('release_id', '=', releaseId)
    .where('user_id', '=', userId)
    .where(mark, '=', 0)
    .executeTakeFirst();
  return Number(marked.numUpdatedRows) === 1;
}

/**
 * Counts a report of a signed-in session; answers how many of its entries counted (for a release its
 * sender had not reported so before). An error counts as a load too: the module was tried.
 */
export async function countReport(
  db: Kysely<Database>,
  visitor: Visitor & { sessionId?: string },
  report: ReleaseReport,
  organisation: string | undefined,
  now = new Date(),
): Promise<number> {
  if (visitor.sessionId === undefined) return 0;
  const rollouts = new Map((await loadRollouts(db)).map((r) => [r.module.module, r]));
  const releaseOf = (module: string, name: string) => {
    const rollout = rollouts.get(module);
    if (!rollout) return undefined;
    const release = [rollout.stable, rollout.canary].find((r) => r?.name === name);
    return release && servedRelease(rollout, visitor).has(release.id) ? release : undefined;
  };
  const loads = new Set<string>();
  const errors = new Map<string, string>();
  for (const { module, release } of report.loads) {
    const row = releaseOf(module, release);
    if (row) loads.add(row.id);
  }
  for (const { module, release, message } of report.errors) {
    const row = releaseOf(module, release);
    if (row && !errors.has(row.id)) errors.set(row.id, message.slice(0, RELEASE_ERROR_MESSAGE_MAX));
  }
  let counted = 0;
  for (const id of new Set([...loads, ...errors.keys()])) {
    if (!(await markReporter(db, id, visitor.userId, 'loaded', now))) continue;
    counted++;
    await db
      .updateTable('releases')
      .set((eb) => ({ loads: eb('loads', '+', 1) }))
      .where('id', '=', id)
      .execute();
  }
  let newErrors = 0;
  for (const [id, message] of errors) {
    if (!(await markReporter(db, id, visitor.userId, 'errored', now))) continue;
    newErrors++;
    await db
      .updateTable('releases')
      .set((eb) => ({ errors: eb('errors', '+', 1), last_error: message }))
      .where('id', '=', id)
      .execute();
  }
  if (newErrors > 0) await judgeCanaries(db, organisation, now);
  return counted + newErrors;
}

/** Rolls back every canary past its threshold; answers the modules it rolled back. */
export async function judgeCanaries(db: Kysely<Database>, organisation: string | undefined, now = new Date()): Promise<string[]> {
  const rolledBack: string[] = [];
  for (const { module, canary } of await loadRollouts(db)) {
    if (!canary || canary.loads < Math.max(module.canary_min_loads, CANARY_MIN_REPORTERS)) continue;
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
    const tenantId = await platformTenantId(db, organisation);
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
