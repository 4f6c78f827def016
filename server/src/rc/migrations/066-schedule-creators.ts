// 066_schedule_creators: a schedule remembers who made it, a user or an API key (by id), so it fires
// only while they may still control the plant (schedule-creator.ts). Existing rows take the id of the
// tenant's real account with the stored e-mail, or of the tenant's key with the stored name; a row
// whose maker is gone keeps neither, and starts no more windows.
import { sql, type Kysely, type Migration } from 'kysely';

export const scheduleCreatorsMigration: Migration = {
  async up(db: Kysely<unknown>): Promise<void> {
    await db.schema.alterTable('rc_schedules').addColumn('created_by_user_id', 'text').execute();
    await db.schema.alterTable('rc_schedules').addColumn('created_by_key_id', 'text').execute();
    await sql`update rc_schedules set created_by_user_id = (
      select users.id from users
      where users.tenant_id = rc_schedules.tenant_id and users.email = rc_schedules.created_by and users.placeholder = 0
    ) where created_by is not null`.execute(db);
    await sql`update rc_schedules set created_by_key_id = (
      select min(api_keys.id) from api_keys
      where api_keys.tenant_id = rc_schedules.tenant_id and ${sql.lit('api-key:')} || api_keys.name = rc_schedules.created_by
    ) where created_by_user_id is null and created_by is not null`.execute(db);
  },
  async down(db: Kysely<unknown>): Promise<void> {
    await db.schema.alterTable('rc_schedules').dropColumn('created_by_key_id').execute();
    await db.schema.alterTable('rc_schedules').dropColumn('created_by_user_id').execute();
  },
};
