// The releases registry: registering a release (its files copied into the store once, never changed),
// each module's stable and canary, promotion, rollback, and the counts browsers report per release.
// Every change commits with its audit entry: a change whose audit entry cannot be written is not made.
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import type { Kysely } from 'kysely';
import { CANARY_MAX_ERROR_RATE_DEFAULT, CANARY_MIN_LOADS_DEFAULT, type AuditAction } from '@helio/contracts';
import { recordAudit } from '../audit/audit-log';
import { inTransaction } from '../db/dialect';
import type { Database } from '../db/schema';
import { copyRelease, type ReleaseFiles } from './release-files';
import type { ReleaseModuleTable, ReleaseTable } from './tables';

export type ReleaseRow = ReleaseTable;
export type ModuleRow = ReleaseModuleTable;

/** Who changed something: a signed-in administrator, the command line, or the server itself. */
export interface ReleaseActor {
  tenantId: string;
  id: string | null;
  email: string | null;
  address?: string | null;
  /** Without a person: the command line or the build at server start (the server itself otherwise). */
  via?: 'cli' | 'build';
}

/** A release (or a module with none) a change names that does not exist, or an organisation it names that does not. */
export class ReleaseNotFoundError extends Error {
  constructor(
    message: string,
    readonly missing: 'release' | 'organisation' = 'release',
  ) {
    super(message);
  }
}
export class ReleaseConflictError extends Error {}

/** Where a release's files live: `<dataDir>/releases/<folder>/<name>/`, served at /releases/<folder>/<name>/. */
export const releaseDir = (storeDir: string, module: string, name: string) => path.join(storeDir, module.replace('@helio/', ''), name);
export const releaseUrl = (module: string, name: string) => `/releases/${module.replace('@helio/', '')}/${encodeURIComponent(name)}/`;

/**
 * The organisation whose administrators run the releases: `organisation` (config.releasesOrganisation,
 * RELEASES_ORGANISATION: a name), else the
 * oldest organisation. Releases reach every organisation, so no other organisation's admin may change them.
 */
export async function platformTenantId(db: Kysely<Database>, organisation: string | undefined): Promise<string | null> {
  const named = organisation?.trim();
  let query = db.selectFrom('tenants').select('id').orderBy('created_at').orderBy('name').limit(1);
  if (named) query = query.where('name', '=', named);
  return (await query.executeTakeFirst())?.id ?? null;
}

export async function audit(
  db: Kysely<Database>,
  actor: ReleaseActor,
  action: AuditAction,
  module: string,
  details: Record<string, unknown>,
): Promise<void> {
  await recordAudit(db, {
    tenantId: actor.tenantId,
    action,
    actor: actor.id && actor.email ? { id: actor.id, email: actor.email } : null,
    target: null,
    details: { module, ...details, ...(!actor.id && actor.via ? { by: actor.via } : {}) },
    address: actor.address ?? null,
  });
}

export async function findRelease(db: Kysely<Database>, module: string, name: string): Promise<ReleaseRow | undefined> {
  return db.selectFrom('releases').selectAll().where('module', '=', module).where('name', '=', name).executeTakeFirst();
}

export async function findModule(db: Kysely<Database>, module: string): Promise<ModuleRow | undefined> {
  return db.selectFrom('release_modules').selectAll().where('module', '=', module).executeTakeFirst();
}

export interface Registered {
  release: ReleaseRow;
  /** false: a release of that name was there already (the same files). */
  created: boolean;
  becameStable: boolean;
}

/**
 * Registers a release from its folder. The first release of a module becomes its stable one; a new
 * build (`makeStable`) replaces the stable one too, since `npm run build && npm start` deploys everything.
 */
export async function registerRelease(
  db: Kysely<Database>,
  storeDir: string,
  sourceDir: string,
  files: ReleaseFiles,
  {
    source,
    actor,
    makeStable = false,
    now = new Date(),
  }: { source: 'build' | 'cli'; actor: ReleaseActor; makeStable?: boolean; now?: Date },
): Promise<Registered> {
  copyRelease(sourceDir, releaseDir(storeDir, files.module, files.name));
  return inTransaction(db, (trx) => registerReleaseRows(trx, files, { source, actor, makeStable, now }));
}

async function registerReleaseRows(
  db: Kysely<Database>,
  files: ReleaseFiles,
  { source, actor, makeStable, now }: { source: 'build' | 'cli'; actor: ReleaseActor; makeStable: boolean; now: Date },
): Promise<Registered> {
  const existing = await findRelease(db, files.module, files.name);
  let release = existing;
  if (!release) {
    release = {
      id: randomUUID(),
      module: files.module,
      name: files.name,
      version: files.version,
      entry: files.entry,
      styles: JSON.stringify(files.styles),
      app_manifest: JSON.stringify(files.appManifest),
      locales: JSON.stringify(files.locales),
      source,
      created_at: now.toISOString(),
      created_by: actor.email,
      loads: 0,
      errors: 0,
      last_error: null,
    };
    await db
      .insertInto('releases')
      .values(release)
      .onConflict((oc) => oc.columns(['module', 'name']).doNothing())
      .execute();
    release = (await findRelease(db, files.module, files.name)) ?? release;
  }
  const created = existing === undefined;
  const current = await findModule(db, files.module);
  let becameStable = false;
  if (!current) {
    await db
      .insertInto('release_modules')
      .values({
        module: files.module,
        stable_release_id: release.id,
        previous_stable_release_id: null,
        canary_release_id: null,
        canary_share: 0,
        canary_tenants: '[]',
        canary_min_loads: CANARY_MIN_LOADS_DEFAULT,
        canary_max_error_rate: CANARY_MAX_ERROR_RATE_DEFAULT,
        auto_rollback: null,
        updated_at: now.toISOString(),
        updated_by: actor.email,
      })
      .onConflict((oc) => oc.column('module').doNothing())
      .execute();
    becameStable = true;
  } else if (makeStable && created && current.stable_release_id !== release.id) {
    await db
      .updateTable('release_modules')
      .set({
        stable_release_id: release.id,
        previous_stable_release_id: current.stable_release_id,
        canary_release_id: current.canary_release_id === release.id ? null : current.canary_release_id,
        updated_at: now.toISOString(),
        updated_by: actor.email,
      })
      .where('module', '=', files.module)
      .execute();
    becameStable = true;
  }
  if (created) await audit(db, actor, 'releases.registered', files.module, { release: files.name, source, stable: becameStable });
  return { release, created, becameStable };
}

export interface Rollout {
  module: ModuleRow;
  stable: ReleaseRow;
  canary: ReleaseRow | null;
  previousStable: ReleaseRow | null;
}

/** Every module with its stable, canary and previous stable release rows. */
export async function loadRollouts(db: Kysely<Database>): Promise<Rollout[]> {
  const [modules, releases] = await Promise.all([
    db.selectFrom('release_modules').selectAll().orderBy('module').execute(),
    db
      .selectFrom('releases')
      .selectAll()
      .where((eb) =>
        eb.exists(
          eb
            .selectFrom('release_modules as m')
            .select('m.module')
            .where((inner) =>
              inner.or([
                inner('m.stable_release_id', '=', inner.ref('releases.id')),
                inner('m.canary_release_id', '=', inner.ref('releases.id')),
                inner('m.previous_stable_release_id', '=', inner.ref('releases.id')),
              ]),
            ),
        ),
      )
      .execute(),
  ]);
  const byId = new Map(releases.map((r) => [r.id, r]));
  return modules.flatMap((module) => {
    const stable = byId.get(module.stable_release_id);
    if (!stable) return [];
    const canary = module.canary_release_id ? (byId.get(module.canary_release_id) ?? null) : null;
    const previousStable = module.previous_stable_release_id ? (byId.get(module.previous_stable_release_id) ?? null) : null;
    return [{ module, stable, canary, previousStable }];
  });
}

export const tenantsOf = (module: ModuleRow): string[] => {
  try {
    const value: unknown = JSON.parse(module.canary_tenants);
    return Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : [];
  } catch {
    return [];
  }
};

async function requireModule(db: Kysely<Database>, module: string): Promise<ModuleRow> {
  const row = await findModule(db, module);
  if (!row) throw new ReleaseNotFoundError(`No releases of ${module}`);
  return row;
}

export interface CanaryChange {
  module: string;
  release: string;
  share: number;
  tenants: readonly string[];
  minLoads?: number;
  maxErrorRate?: number;
}

/** Makes a registered release the module's canary; its counts start afresh, since it is judged from now on. */
export async function setCanary(db: Kysely<Database>, change: CanaryChange, actor: ReleaseActor, now = new Date()): Promise<void> {
  const module = await requireModule(db, change.module);
  const release = await findRelease(db, change.module, change.release);
  if (!release) throw new ReleaseNotFoundError(`${change.module} has no release ${change.release}`);
  if (release.id === module.stable_release_id)
    throw new ReleaseConflictError(`${change.release} is already the stable release of ${change.module}`);
  const known =
    change.tenants.length === 0
      ? []
      : await db
          .selectFrom('tenants')
          .select('id')
          .where('id', 'in', [...change.tenants])
          .execute();
  if (known.length !== change.tenants.length) throw new ReleaseNotFoundError('Unknown organisation', 'organisation');
  await inTransaction(db, async (trx) => {
    await trx.updateTable('releases').set({ loads: 0, errors: 0, last_error: null }).where('id', '=', release.id).execute();
    await trx
      .updateTable('release_modules')
      .set({
        canary_release_id: release.id,
        canary_share: change.share,
        canary_tenants: JSON.stringify(change.tenants),
        canary_min_loads: change.minLoads ?? CANARY_MIN_LOADS_DEFAULT,
        canary_max_error_rate: change.maxErrorRate ?? CANARY_MAX_ERROR_RATE_DEFAULT,
        updated_at: now.toISOString(),
        updated_by: actor.email,
      })
      .where('module', '=', change.module)
      .execute();
    await audit(trx, actor, 'releases.canary_set', change.module, {
      release: change.release,
      previousCanary: module.canary_release_id ? await nameOf(trx, module.canary_release_id) : null,
      share: change.share,
      organisations: change.tenants,
      minLoads: change.minLoads ?? CANARY_MIN_LOADS_DEFAULT,
      maxErrorRate: change.maxErrorRate ?? CANARY_MAX_ERROR_RATE_DEFAULT,
    });
  });
}

async function nameOf(db: Kysely<Database>, id: string): Promise<string | null> {
  return (await db.selectFrom('releases').select('name').where('id', '=', id).executeTakeFirst())?.name ?? null;
}

/** The canary becomes stable for everyone; the old stable is kept as the one a rollback returns to. */
export async function promote(db: Kysely<Database>, moduleName: string, actor: ReleaseActor, now = new Date()): Promise<void> {
  const module = await requireModule(db, moduleName);
  const canaryId = module.canary_release_id;
  if (!canaryId) throw new ReleaseConflictError(`${moduleName} has no canary to promote`);
  await inTransaction(db, async (trx) => {
    const result = await trx
      .updateTable('release_modules')
      .set({
        stable_release_id: canaryId,
        previous_stable_release_id: module.stable_release_id,
        canary_release_id: null,
        canary_share: 0,
        canary_tenants: '[]',
        updated_at: now.toISOString(),
        updated_by: actor.email,
      })
      .where('module', '=', moduleName)
      .where('canary_release_id', '=', canaryId)
      .executeTakeFirst();
    if (Number(result.numUpdatedRows) === 0) throw new ReleaseConflictError(`The canary of ${moduleName} changed meanwhile`);
    await audit(trx, actor, 'releases.promoted', moduleName, {
      release: await nameOf(trx, canaryId),
      previousStable: await nameOf(trx, module.stable_release_id),
    });
  });
}

/**
 * One action back: with a canary, the canary ends (everyone gets stable); without one, the stable
 * release returns to the one before it.
 */
export async function rollback(db: Kysely<Database>, moduleName: string, actor: ReleaseActor, now = new Date()): Promise<void> {
  const module = await requireModule(db, moduleName);
  const canaryId = module.canary_release_id;
  if (canaryId) {
    await inTransaction(db, async (trx) => {
      await trx
        .updateTable('release_modules')
        .set({ canary_release_id: null, canary_share: 0, canary_tenants: '[]', updated_at: now.toISOString(), updated_by: actor.email })
        .where('module', '=', moduleName)
        .execute();
      await audit(trx, actor, 'releases.rolled_back', moduleName, { release: await nameOf(trx, canaryId), canary: true });
    });
    return;
  }
  const previousId = module.previous_stable_release_id;
  if (!previousId) throw new ReleaseConflictError(`${moduleName} has no earlier release to return to`);
  await inTransaction(db, async (trx) => {
    await trx
      .updateTable('release_modules')
      .set({
        stable_release_id: previousId,
        previous_stable_release_id: null,
        updated_at: now.toISOString(),
        updated_by: actor.email,
      })
      .where('module', '=', moduleName)
      .where('stable_release_id', '=', module.stable_release_id)
      .execute();
    await audit(trx, actor, 'releases.rolled_back', moduleName, {
      release: await nameOf(trx, module.stable_release_id),
      stable: await nameOf(trx, previousId),
      canary: false,
    });
  });
}
