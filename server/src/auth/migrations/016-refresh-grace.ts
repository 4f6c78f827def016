// 016_refresh_grace: when a rotated refresh token's one grace use was spent (two tabs refreshing at
// once present the same token; the second within seconds is not a thief).
import type { Kysely, Migration } from 'kysely';

export const refreshGraceMigration: Required<Migration> = {
  async up(db: Kysely<unknown>): Promise<void> {
    await db.schema.alterTable('refresh_tokens').addColumn('grace_used_at', 'text').execute();
  },
  async down(db: Kysely<unknown>): Promise<void> {
    await db.schema.alterTable('refresh_tokens').dropColumn('grace_used_at').execute();
  },
};
