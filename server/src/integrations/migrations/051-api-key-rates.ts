// api_keys.rate_tat: each key's request budget, shared by every replica (rate-limit.ts).
import type { Kysely, Migration } from 'kysely';

export const apiKeyRateMigration: Migration = {
  async up(db: Kysely<unknown>): Promise<void> {
    await db.schema
      .alterTable('api_keys')
      .addColumn('rate_tat', 'bigint', (c) => c.notNull().defaultTo(0))
      .execute();
  },
  async down(db: Kysely<unknown>): Promise<void> {
    await db.schema.alterTable('api_keys').dropColumn('rate_tat').execute();
  },
};
