// Hot lookups (every request's user, a shadow's version) built and compiled by Kysely once and then
// run with new values: building and compiling a query costs more than running a primary-key lookup.
// The SQL text stays the same, so SQLite's statement cache (statement-cache.ts) reuses the statement;
// on PostgreSQL it runs as a named prepared statement, parsed and planned once per connection (planning
// a three-table join costs PostgreSQL more than running it).
import { CompiledQuery, type Kysely } from 'kysely';
import { PostgresDatabase } from './postgres-database';
import { preparedName } from './preparing-client';
import type { Database } from './schema';

const SLOT = '\u0000reused-query-slot-';

/** Stands for the i-th value given to `run`, where the query builder takes a value. */
export type Slot = (index: number) => string;

export class ReusedQuery<Row> {
  private compiled: { sql: string; name: string; parameters: readonly unknown[]; slots: (number | undefined)[] } | undefined;
  private readonly inFlight = new Map<string, Promise<Row | undefined>>();

  constructor(
    private readonly db: Kysely<Database>,
    private readonly build: (db: Kysely<Database>, slot: Slot) => { compile(): CompiledQuery<Row> },
  ) {}

  async run(...values: unknown[]): Promise<Row[]> {
    if (!this.compiled) {
      const { sql, parameters } = this.build(this.db, (index) => `${SLOT}${index}`).compile();
      const slots = parameters.map((p) => (typeof p === 'string' && p.startsWith(SLOT) ? Number(p.slice(SLOT.length)) : undefined));
      // one name per SQL text: connections that prepared it before run it at once
      const name = preparedName(sql);
      this.compiled = { sql, name, parameters, slots };
    }
    const { sql, name, parameters, slots } = this.compiled;
    const bound = parameters.map((p, i) => {
      const slot = slots[i];
      return slot === undefined ? p : values[slot];
    });
    // the pool of a handle createDatabase opened on PostgreSQL; a transaction runs through Kysely
    if (this.db instanceof PostgresDatabase) return (await this.db.pool.query({ name, text: sql, values: bound })).rows as Row[];
    return (await this.db.executeQuery(CompiledQuery.raw(sql, bound))).rows as Row[];
  }

  async first(...values: unknown[]): Promise<Row | undefined> {
    return (await this.run(...values))[0];
  }

  /**
   * The first row, sharing a run with the same values that is on its way to the database: calls that
   * come meanwhile (one caller's requests at once) get its answer, at most one round trip old. The
   * run is forgotten before anyone hears its answer, so a call after it runs afresh.
   */
  firstShared(...values: (string | number | null)[]): Promise<Row | undefined> {
    const key = JSON.stringify(values);
    let shared = this.inFlight.get(key);
    if (!shared) {
      const forget = () => this.inFlight.delete(key);
      shared = this.first(...values).then(
        (row) => (forget(), row),
        (error: unknown) => {
          forget();
          throw error;
        },
      );
      this.inFlight.set(key, shared);
    }
    return shared;
  }
}
