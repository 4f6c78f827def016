// 062_key_creators: API keys and webhooks remember the user who made them (by id, not only e-mail), so a
// key reaches at most what its maker reaches now and a webhook hears only of plants its maker sees
// (key-auth.ts, webhook-events.ts). A delivery keeps the plant its event was about, for the log's scope.
// Existing rows take the id of the tenant's real account with the stored e-mail; a row whose maker is
// gone keeps null, and so works for nobody: a key of a deleted user stops, as it should have.
import { sql, type Kysely, type Migration } from 'kysely';

const CREATOR_ID = sql`(select users.id from users where users.tenant_id = t.tenant_id and users.email = t.created_by and users.placeholder = 0)`;

export const keyCreatorsMigration: Migration = {
  async up(db: Kysely<unknown>): Promise<void> {
    for (const table of ['api_keys', 'webhooks']) {
      await db.schema.alterTable(table).addColumn('created_by_user_id', 'text').execute();
      await sql`update ${sql.table(table)} as t set created_by_user_id = ${CREATOR_ID} where t.created_by is not null`.execute(db);
    }
    await db.schema.alterTable('webhook_deliveries').addColumn('plant_id', 'text').execute();
  },
  async down(db: Kysely<unknown>): Promise<void> {
    await db.schema.alterTable('webhook_deliveries').dropColumn('plant_id').execute();
    for (const table of ['webhooks', 'api_keys']) await db.schema.alterTable(table).dropColumn('created_by_user_id').execute();
  },
};
