// Releases of the console's modules (Kysely types). A release's files sit under the data directory,
// never changed once registered; a module's row says which release is stable and which is its canary.

export interface ReleaseTable {
  id: string;
  /** Import-map name, `@helio/<folder>`. */
  module: string;
  /** `<version>-<content hash>`: unique per module, part of the files' URL. */
  name: string;
  version: string;
  /** The entry file, relative to the release's folder. */
  entry: string;
  /** JSON text: the entry's stylesheets (relative paths), linked from index.html. */
  styles: string;
  /** JSON text: the app's manifest (routes, menu), inlined into index.html beside the import map. */
  app_manifest: string;
  /** JSON text: languages whose translations the release carries (locales/<lng>/<folder>.json). */
  locales: string;
  /** 'build' (npm run build) or 'cli' (npm run release). */
  source: string;
  created_at: string;
  created_by: string | null;
  /** Distinct signed-in users who reported loading it (067_release_reporters; reports before it counted each load). */
  loads: number;
  /** Distinct signed-in users who reported it failing. */
  errors: number;
  last_error: string | null;
}

export interface ReleaseModuleTable {
  module: string;
  stable_release_id: string;
  previous_stable_release_id: string | null;
  canary_release_id: string | null;
  /** Per cent of users, by a sticky hash of user and module. */
  canary_share: number;
  /** JSON text: tenant ids whose users all get the canary. */
  canary_tenants: string;
  canary_min_loads: number;
  canary_max_error_rate: number;
  /** JSON text: the last automatic rollback ({at, release, loads, errors}), or null. */
  auto_rollback: string | null;
  updated_at: string;
  updated_by: string | null;
}

/** 067_release_reporters: a user's reports of one release, counted once each (reports.ts). */
export interface ReleaseReporterTable {
  release_id: string;
  user_id: string;
  /** 1 once they reported loading it (or failing to: an error is an attempt to load). */
  loaded: number;
  /** 1 once they reported it failing. */
  errored: number;
  first_at: string;
}

export interface ReleaseTables {
  releases: ReleaseTable;
  release_modules: ReleaseModuleTable;
  release_reporters: ReleaseReporterTable;
}
