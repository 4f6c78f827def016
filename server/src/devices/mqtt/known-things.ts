// Reports are accepted only for things that are plants; the answer is cached so a report costs no
// query. Unknown names are re-checked after a while, so a newly added plant starts reporting soon.
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';

const KNOWN_TTL_MS = 5 * 60_000;
const UNKNOWN_TTL_MS = 15_000;

export class KnownThings {
  private readonly cache = new Map<string, { known: boolean; until: number }>();

  constructor(
    private readonly db: Kysely<Database>,
    private readonly now: () => number = Date.now,
  ) {}

  async has(thingName: string): Promise<boolean> {
    const cached = this.cache.get(thingName);
    if (cached && cached.until > this.now()) return cached.known;
    const row = await this.db.selectFrom('plants').select('thing_name').where('thing_name', '=', thingName).executeTakeFirst();
    const known = row !== undefined;
    this.cache.set(thingName, { known, until: this.now() + (known ? KNOWN_TTL_MS : UNKNOWN_TTL_MS) });
    return known;
  }
}
