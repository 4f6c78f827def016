// 012_plant_access: who may see which plant, and with what role on it (plants/access.ts). Tenant
// owners and admins see every plant of their tenant without a row here. Existing users keep the plants
// they saw before: each non-administrator gets every plant of their tenant, as an operator when their
// tenant role is operator or a custom role, else as a viewer.
import { sql, type Kysely, type Migration } from 'kysely';

export const plantAccessMigration: Required<Migration> = {
  async up(db: Kysely<unknown>): Promise<void> {
    await db.schema
      .createTable('plant_access')
      .addColumn('plant_id', 'text', (c) => c.notNull().references('plants.id').onDelete('cascade'))
      .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('role', 'text', (c) => c.notNull().check(sql`role in ('owner', 'operator', 'viewer')`))
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('updated_at', 'text', (c) => c.notNull())
      .addPrimaryKeyConstraint('plant_access_pk', ['plant_id', 'user_id'])
      .execute();
    await db.schema.createIndex('plant_access_user_idx').on('plant_access').column('user_id').execute();
    await sql`insert into plant_access (plant_id, user_id, role, created_at, updated_at)
      select plants.id, users.id,
        case when users.role = 'operator' or users.custom_role_id is not null then 'operator' else 'viewer' end,
        ${new Date().toISOString()}, ${new Date().toISOString()}
      from users join plants on plants.tenant_id = users.tenant_id
      where users.custom_role_id is not null or users.role not in ('owner', 'admin')`.execute(db);
  },

  async down(db: Kysely<unknown>): Promise<void> {
    await db.schema.dropTable('plant_access').execute();
  },
};
