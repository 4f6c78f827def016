// What a server domain declares in its module.ts, once: its API handlers keyed by contract path, its
// tables (the Kysely table interfaces, merged into `Database`), its frozen migrations (run in name
// order with every other module's) and its jobs (started by main.ts). The `modules` list (modules.ts)
// is the only place these are collected: route registration, `Database`, the migration order and
// main.ts's jobs all read it.
import type { Migration } from 'kysely';
import type { ApiHandlers } from './http/api-module';

/** A module's tables as a type only: `tables: tables<EvTables>()` (nothing at run time). */
export interface TableTypes<Tables extends object> {
  readonly types?: Tables;
}

/** Declares a module's tables for `Database` (db/schema.ts); the value is empty. */
export const tables = <Tables extends object>(): TableTypes<Tables> => ({});

/** A job a module started: stopped, in the reverse order of starting, when the server closes. */
export interface RunningJob {
  stop(): Promise<void> | void;
}

export interface ServerModule<Deps, Tables extends object = object, JobDeps = unknown> {
  /** The domain's name (its folder), for messages. */
  name: string;
  /** Its API, made from its dependencies, or none when a dependency is not running (tests without device services). */
  handlers?: (deps: Deps) => ApiHandlers | undefined;
  tables?: TableTypes<Tables>;
  /**
   * Its migrations by name (`<id>_<name>`, the name existing databases recorded), each a frozen file of
   * the domain's `migrations/` folder. All modules' migrations run in name order (db/migrations.ts).
   */
  migrations?: Readonly<Record<string, Migration>>;
  /**
   * Its jobs, started once by main.ts after the app is built: leader jobs (one replica works, jobs/leader-job.ts)
   * and per-replica pollers. Not started by buildApp, so tests start only the job they test.
   */
  jobs?: (deps: JobDeps) => readonly RunningJob[];
}

/** A module, typed by what it declares (its dependencies from `handlers`, its tables from `tables`). */
export const serverModule = <Deps, Tables extends object = object, JobDeps = unknown>(
  module: ServerModule<Deps, Tables, JobDeps>,
): ServerModule<Deps, Tables, JobDeps> => module;

/** Starts every module's jobs, in the modules' order. */
export function startModuleJobs<JobDeps>(modules: readonly ServerModule<never, object, JobDeps>[], deps: JobDeps): RunningJob[] {
  return modules.flatMap((module) => module.jobs?.(deps) ?? []);
}

/** The tables a list of modules declares, as one object type. */
export type TablesOf<Modules extends readonly ServerModule<never, object, never>[]> = UnionToIntersection<TablesOfOne<Modules[number]>>;

type TablesOfOne<M> = M extends ServerModule<never, infer Tables, never> ? Tables : never;

type UnionToIntersection<U> = (U extends unknown ? (x: U) => void : never) extends (x: infer I) => void ? I : never;
