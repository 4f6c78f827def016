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

export interface ServerModule<Deps, Tables extends object = object> {
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
}

/** A module, typed by what it declares (its dependencies from `handlers`, its tables from `tables`). */
export const serverModule = <Deps, Tables extends object = object>(module: ServerModule<Deps, Tables>): ServerModule<Deps, Tables> =>
  module;

/** The tables a list of modules declares, as one object type. */
export type TablesOf<Modules extends readonly ServerModule<never, object>[]> = UnionToIntersection<TablesOfOne<Modules[number]>>;

type TablesOfOne<M> = M extends ServerModule<never, infer Tables> ? Tables : never;

type UnionToIntersection<U> = (U extends unknown ? (x: U) => void : never) extends (x: infer I) => void ? I : never;
