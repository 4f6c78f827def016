// PostgreSQL parses, analyses and plans every statement sent without a name, and the server sends the
// same few texts over and over: a batch's shadow, sample and roll-up writes (one text each, whatever the
// batch's size: row-columns.ts), the lookups of every request. Planning them was about a third of
// PostgreSQL's CPU in the cluster's ingest (bench/RESULTS.md, issue 38). A connection of this client
// names a text the second time it is sent and runs it as a prepared statement from then on: parsed and
// planned once per connection, then bound and executed. Texts that vary with their values (an `in`
// list per value) are long or numerous; a connection names at most PREPARED_PER_CONNECTION of them, no
// text over MAX_PREPARED_SQL_LENGTH, and forgets the counts of the others as they pile up.
import { createHash } from 'node:crypto';
import pg from 'pg';

/** Named statements a connection keeps (PostgreSQL holds each one's plan for the connection's life). */
export const PREPARED_PER_CONNECTION = 300;
/** Longer SQL is not named: an insert of many literal rows, rarely sent twice. */
export const MAX_PREPARED_SQL_LENGTH = 8192;
/** Texts counted before the counts are forgotten (each counted text was sent once only). */
const COUNTED_TEXTS = 2000;

/** The statement name of a SQL text: one per text, so any connection that prepared it runs it at once. */
export function preparedName(sql: string): string {
  return `helio_${createHash('sha256').update(sql).digest('hex').slice(0, 24)}`;
}

type Send = (config: unknown, values?: unknown, callback?: unknown) => unknown;

export class PreparingClient extends pg.Client {
  constructor(config?: string | pg.ClientConfig) {
    super(config);
    const send = (pg.Client.prototype.query as Send).bind(this);
    const named = new Map<string, string>();
    const sentOnce = new Set<string>();
    // pg's query() has many shapes; only Kysely's (text, values) with a promise is named
    const query: Send = (config, values, callback) => {
      if (typeof config !== 'string' || callback !== undefined || !(values === undefined || Array.isArray(values))) {
        return send(config, values, callback);
      }
      let name = named.get(config);
      if (name === undefined && config.length <= MAX_PREPARED_SQL_LENGTH && named.size < PREPARED_PER_CONNECTION) {
        if (sentOnce.delete(config)) named.set(config, (name = preparedName(config)));
        else {
          if (sentOnce.size >= COUNTED_TEXTS) sentOnce.clear();
          sentOnce.add(config);
        }
      }
      return name === undefined ? send(config, values) : send({ name, text: config, values });
    };
    Object.defineProperty(this, 'query', { value: query, writable: true, configurable: true });
  }
}
