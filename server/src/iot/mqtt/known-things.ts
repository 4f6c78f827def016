// Reports are accepted only for things that are plants; the answer is cached so a report costs no
// query. Unknown names are re-checked after a while, so a newly added plant starts reporting soon.
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { BoundedMap } from '../../cache/bounded-map';

const KNOWN_TTL_MS = 5 * 60_000;
/** Thing names remembered: twice the largest fleet benched (10,000 gateways); unknown names count too. */
export const KNOWN_THINGS_CACHED = 20_000;
const UNKNOWN_TTL_MS = 15_000;

export class KnownThings {
  private readonly cache: BoundedMap<string, { known: boolean; until: number }>;

  constructor(
    private readonly db: Kysely<Database>,
    private readonly now: () => number = Date.now,
    capacity = KNOWN_THINGS_CACHED,
  ) {
    this.cache = new BoundedMap(capacity);
  }

  /** Names remembered now. */
  get size(): number {
    return this.cache.size;
  }

  async has(thingName: string): Promise<boolean> {
    const cached = this.cache.get(thingName);
    if (cached && cached.until > this.now()) return cached.known;
    const row = await this.db.selectFrom('plants').select('thing_name').where('thing_name', '=', thingName).executeTakeFirst();
    const known = row !== undefined;
    this.cache.set(thingName, { known, until: this.now() + (known ? KNOWN_TTL_MS : UNKNOWN_TTL_MS) });
    return known;
  }
}
