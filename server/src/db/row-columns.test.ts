// Rows sent as one array per column (PostgreSQL) or as VALUES (SQLite) come back as they were sent:
// text with quotes, backslashes, commas, braces, the word NULL, nothing at all; numbers of every size;
// bytes.
import { sql, type Kysely } from 'kysely';
import { databaseTargets } from '../testing/databases';
import { rowsQuery } from './row-columns';
import type { Database } from './schema';

const TYPES = { name: 'text', n: 'bigint', x: 'double precision', k: 'integer' } as const;
const ROWS = [
  { name: 'plain', n: 1_795_996_897_211, x: 1.5, k: 0 },
  { name: 'say "hi", {now}', n: -1, x: -0.000_001_25, k: -7 },
  { name: 'back\\slash \\" both', n: 0, x: 1e300, k: 2_147_483_647 },
  { name: 'NULL', n: 9_007_199_254_740_991, x: 5e-324, k: 1 },
  { name: '', n: 2, x: 0, k: 2 },
  { name: 'Žluťoučký kůň ⚡ , ; \t tab', n: 3, x: 123_456.789, k: 3 },
  { name: 'a "quote" with a\nnew line and a \\ too', n: 4, x: 4, k: 4 },
  { name: '{"ActPwrPve":3878,"OperMode":"self-consumption","Note":"⚡ 😀 \\\\ \\"","EvPlanSlots":[]}', n: 5, x: 5, k: 5 },
  { name: null, n: null, x: null, k: null },
];

describe.each(databaseTargets())('rows as columns on $name', (target) => {
  let db: Kysely<Database>;
  beforeAll(async () => {
    db = await target.create();
  });
  afterAll(() => target.destroy());

  it('answers every row as it was given, nulls and awkward text included', async () => {
    const { rows } = await sql<Record<string, unknown>>`with t (name, n, x, k) as (${rowsQuery(db, TYPES, ROWS)}) select * from t`.execute(
      db,
    );
    expect(rows.map((r) => ({ ...r }))).toEqual(ROWS);
  });

  it('answers bytes as they were given (a packed block), empty and zero bytes included', async () => {
    const blobs = [Buffer.from([0, 1, 2, 255, 92, 34]), Buffer.alloc(0), Buffer.from('{"a",NULL}')].map((data, k) => ({ k, data }));
    const { rows } = await sql<{
      k: number;
      data: Uint8Array;
    }>`with t (k, data) as (${rowsQuery(db, { k: 'integer', data: 'bytea' }, blobs)}) select * from t`.execute(db);
    expect(rows.map((r) => ({ k: Number(r.k), data: Buffer.from(r.data) }))).toEqual(blobs);
  });
});
