// Hot lookups (every request's user, a shadow's version) built and compiled by Kysely once and then
// run with new values: building and compiling a query costs more than running a primary-key lookup.
// The SQL text stays the same, so SQLite's statement cache (statement-cache.ts) reuses the statement.
import { CompiledQuery, type Kysely } from 'kysely';
import type { Database } from './schema';

const SLOT = '\u0000reused-query-slot-';

/** Stands for the i-th value given to `run`, where the query builder takes a value. */
export type Slot = (index: number) => string;

export class ReusedQuery<Row> {
  private compiled: { sql: string; parameters: readonly unknown[]; slots: (number | undefined)[] } | undefined;

  constructor(
    private readonly db: Kysely<Database>,
    private readonly build: (db: Kysely<Database>, slot: Slot) => { compile(): CompiledQuery<Row> },
  ) {}

  async run(...values: unknown[]): Promise<Row[]> {
    if (!this.compiled) {
      const { sql, parameters } = this.build(this.db, (index) => `${SLOT}${index}`).compile();
      const slots = parameters.map((p) => (typeof p === 'string' && p.startsWith(SLOT) ? Number(p.slice(SLOT.length)) : undefined));
      this.compiled = { sql, parameters, slots };
    }
    const { sql, parameters, slots } = this.compiled;
    const bound = parameters.map((p, i) => {
      const slot = slots[i];
      return slot === undefined ? p : values[slot];
    });
    return (await this.db.executeQuery(CompiledQuery.raw(sql, bound))).rows as Row[];
  }

  async first(...values: unknown[]): Promise<Row | undefined> {
    return (await this.run(...values))[0];
  }
}
