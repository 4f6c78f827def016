// Many rows in one insert. On PostgreSQL they go as one array per column, unnested: a statement of a
// few parameters however many rows, which PostgreSQL parses and plans at once, where rows of VALUES
// bind a parameter per cell and cost it (and the client) time per cell. SQLite takes VALUES, in chunks
// well below its limit on bound parameters.
import { sql, type InsertQueryBuilder, type InsertResult, type Kysely, type RawBuilder } from 'kysely';
import { isPostgres } from './dialect';
import type { Database } from './schema';

/** Rows of VALUES per SQLite statement (each binds a parameter per column). */
export const SQLITE_ROWS = 1000;
/** Rows per PostgreSQL statement: bounds one statement's arrays, not its parameters. */
const POSTGRES_ROWS = 20_000;

type ColumnType = 'text' | 'bigint' | 'integer' | 'double precision' | 'bytea';

/** PostgreSQL's type for each column, as the arrays are cast. */
export type ColumnTypes<Row> = { readonly [K in keyof Row]: ColumnType };

/** The value of a row's column (rows are the tables' own row types, which have no index signature). */
const cell = (row: object, column: string): unknown => (row as Record<string, unknown>)[column];

/** Characters an element of a PostgreSQL array literal escapes with a backslash (inside its quotes). */
const ESCAPED = /[\\"]/;
/**
 * Characters JSON.stringify writes as escapes the array literal does not know: \n, \u0001, a lone
 * surrogate's \udXXX (with the u flag the class matches a lone surrogate only, not an emoji's pair).
 * Text without them JSON.stringify quotes exactly as the literal wants it: a quote or a backslash
 * preceded by a backslash, 3× faster than a regular expression's replace for a shadow's JSON, which
 * has a quote every few characters.
 */
const JSON_ONLY_ESCAPES = /[\u0000-\u001f]|[\ud800-\udfff]/u;

/**
 * A column's values as PostgreSQL's array literal, written here rather than by pg (which quotes and
 * escapes every element with two regular expressions, numbers too): numbers as they are, text quoted
 * and escaped only where it holds a quote or a backslash. A column holding anything else (a Buffer of a
 * bytea column, a Date, an object) is left to pg as an array.
 */
function arrayLiteral(rows: readonly object[], column: string, type: ColumnType): string | unknown[] {
  const parts = new Array<string>(rows.length);
  for (let i = 0; i < rows.length; i++) {
    const value = cell(rows[i]!, column);
    if (value === null || value === undefined) parts[i] = 'NULL';
    else if (typeof value === 'number' || typeof value === 'bigint') parts[i] = String(value);
    else if (typeof value === 'string' && type === 'text')
      parts[i] = !ESCAPED.test(value)
        ? `"${value}"`
        : JSON_ONLY_ESCAPES.test(value)
          ? `"${value.replace(/[\\"]/g, '\\$&')}"`
          : JSON.stringify(value);
    else return rows.map((row) => cell(row, column));
  }
  return `{${parts.join(',')}}`;
}

/**
 * A query answering `rows`, its columns in the order of `types`: to insert, or to join as a table
 * (`with name (columns…) as (…)`). Up to SQLITE_ROWS rows on SQLite.
 */
export function rowsQuery<Row extends object>(db: Kysely<Database>, types: ColumnTypes<Row>, rows: readonly Row[]): RawBuilder<Row> {
  const columns = Object.keys(types) as (keyof Row & string)[];
  if (isPostgres(db)) {
    const arrays = columns.map((c) => sql`cast(${arrayLiteral(rows, c, types[c])} as ${sql.raw(types[c])}[])`);
    return sql<Row>`select * from unnest(${sql.join(arrays)})`;
  }
  return sql<Row>`values ${sql.join(rows.map((row) => sql`(${sql.join(columns.map((c) => cell(row, c)))})`))}`;
}

/**
 * Runs `finish` (conflict handling, returning) on inserts of `rows` into `table`, a chunk at a time,
 * and gives back what each returned.
 */
export async function insertRows<T extends keyof Database, Row extends object, Out>(
  db: Kysely<Database>,
  table: T,
  types: ColumnTypes<Row>,
  rows: readonly Row[],
  finish: (insert: InsertQueryBuilder<Database, T, InsertResult>) => { execute(): Promise<Out[]> },
): Promise<Out[]> {
  const out: Out[] = [];
  const postgres = isPostgres(db);
  const chunk = postgres ? POSTGRES_ROWS : SQLITE_ROWS;
  for (let i = 0; i < rows.length; i += chunk) {
    const part = rows.slice(i, i + chunk);
    const insert = db.insertInto(table);
    const filled = postgres
      ? insert.columns(Object.keys(types) as never).expression(rowsQuery(db, types, part))
      : insert.values(part as never);
    out.push(...(await finish(filled as InsertQueryBuilder<Database, T, InsertResult>).execute()));
  }
  return out;
}
