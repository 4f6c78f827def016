// The releases page's data: each module's stable and canary with their counts, the organisations a
// canary can name, and the changes of the releases from the audit log.
import type { Kysely } from 'kysely';
import { RELEASE_HISTORY_MAX, type ReleaseEndpoints, type ReleaseModuleView, type ReleaseView } from '@helio/contracts';
import type { Database } from '../db/schema';
import { loadRollouts, tenantsOf, type ReleaseRow, type Rollout } from './store';

type ListAnswer = ReleaseEndpoints['releases/list']['response'];
const RELEASES_SHOWN = 10;

const releaseView = (row: ReleaseRow): ReleaseView => ({
  name: row.name,
  version: row.version,
  source: row.source,
  createdAt: row.created_at,
  createdBy: row.created_by,
  loads: Number(row.loads),
  errors: Number(row.errors),
  lastError: row.last_error,
});

function parseObject(text: string | null): Record<string, unknown> | null {
  if (!text) return null;
  try {
    const value: unknown = JSON.parse(text);
    return value !== null && typeof value === 'object' ? (value as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

export function moduleView(rollout: Rollout, releases: readonly ReleaseRow[], tenantNames: ReadonlyMap<string, string>): ReleaseModuleView {
  const { module } = rollout;
  const auto = parseObject(module.auto_rollback);
  return {
    module: module.module,
    stable: rollout.stable.name,
    canary: rollout.canary?.name ?? null,
    share: Number(module.canary_share),
    organisations: tenantsOf(module).map((id) => ({ id, name: tenantNames.get(id) ?? id })),
    minLoads: Number(module.canary_min_loads),
    maxErrorRate: Number(module.canary_max_error_rate),
    previousStable: rollout.previousStable?.name ?? null,
    autoRollback: auto
      ? { at: String(auto.at), release: String(auto.release), loads: Number(auto.loads), errors: Number(auto.errors) }
      : null,
    updatedAt: module.updated_at,
    updatedBy: module.updated_by,
    releases: releases.filter((r) => r.module === module.module).map(releaseView),
  };
}

async function releasesByModule(db: Kysely<Database>, module?: string): Promise<ReleaseRow[]> {
  let query = db.selectFrom('releases').selectAll().orderBy('created_at', 'desc').orderBy('name', 'desc');
  if (module) query = query.where('module', '=', module);
  const rows = await query.execute();
  const shown = new Map<string, number>();
  // The newest few of each module: enough to pick a canary, bounded however many were registered.
  return rows.filter((r) => {
    const count = (shown.get(r.module) ?? 0) + 1;
    shown.set(r.module, count);
    return count <= RELEASES_SHOWN;
  });
}

async function tenantNamesOf(db: Kysely<Database>): Promise<Map<string, string>> {
  return new Map((await db.selectFrom('tenants').select(['id', 'name']).orderBy('name').execute()).map((t) => [t.id, t.name]));
}

export async function listView(db: Kysely<Database>, platformTenant: string): Promise<ListAnswer> {
  const [rollouts, releases, tenantNames, events] = await Promise.all([
    loadRollouts(db),
    releasesByModule(db),
    tenantNamesOf(db),
    db
      .selectFrom('audit_events')
      .select(['created_at', 'action', 'actor_email', 'details'])
      .where('tenant_id', '=', platformTenant)
      .where('action', 'like', 'releases.%')
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(RELEASE_HISTORY_MAX)
      .execute(),
  ]);
  return {
    modules: rollouts.map((r) => moduleView(r, releases, tenantNames)),
    organisations: [...tenantNames].map(([id, name]) => ({ id, name })),
    history: events.map((e) => {
      const details = parseObject(e.details) ?? {};
      return {
        at: e.created_at,
        action: e.action,
        actor: e.actor_email,
        module: typeof details.module === 'string' ? details.module : '',
        details,
      };
    }),
  };
}

export async function oneModuleView(db: Kysely<Database>, module: string): Promise<ReleaseModuleView> {
  const [rollouts, releases, tenantNames] = await Promise.all([loadRollouts(db), releasesByModule(db, module), tenantNamesOf(db)]);
  const rollout = rollouts.find((r) => r.module.module === module);
  if (!rollout) throw new Error(`${module} vanished`);
  return moduleView(rollout, releases, tenantNames);
}
