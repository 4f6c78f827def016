// A lease in a database row: at most one holder at a time across server replicas, on SQLite and
// PostgreSQL alike (one conditional UPDATE decides). A holder that stops renewing loses it when it
// expires. (Kept small and local; a shared job lease can replace it.)
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';

export class DbLease {
  constructor(
    private readonly db: Kysely<Database>,
    readonly name: string,
    readonly holder: string,
    private readonly ttlMs: number,
  ) {}

  /** Takes or renews the lease; true while this holder has it. */
  async acquire(now = Date.now()): Promise<boolean> {
    const expiresAt = new Date(now + this.ttlMs).toISOString();
    await this.db
      .insertInto('rc_leases')
      .values({ name: this.name, holder: this.holder, expires_at: new Date(0).toISOString() })
      .onConflict((oc) => oc.column('name').doNothing())
      .execute();
    const result = await this.db
      .updateTable('rc_leases')
      .set({ holder: this.holder, expires_at: expiresAt })
      .where('name', '=', this.name)
      .where((eb) => eb.or([eb('holder', '=', this.holder), eb('expires_at', '<', new Date(now).toISOString())]))
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }

  /** Gives the lease up (orderly shutdown), so another replica takes over at once. */
  async release(): Promise<void> {
    await this.db
      .updateTable('rc_leases')
      .set({ expires_at: new Date(0).toISOString() })
      .where('name', '=', this.name)
      .where('holder', '=', this.holder)
      .execute();
  }
}
