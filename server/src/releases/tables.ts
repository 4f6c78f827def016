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
  loads: number;
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

export interface ReleaseTables {
  releases: ReleaseTable;
  release_modules: ReleaseModuleTable;
}
