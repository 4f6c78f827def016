// 013_tags: a tenant's plant tags and the plants that carry them. Deleting a plant or a tag takes its
// assignments with it (foreign keys cascade on both engines).
import type { Kysely, Migration } from 'kysely';

export const tagsMigration: Required<Migration> = {
  async up(db: Kysely<unknown>): Promise<void> {
    await db.schema
      .createTable('tags')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('tenant_id', 'text', (c) => c.notNull().references('tenants.id').onDelete('cascade'))
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('name_key', 'text', (c) => c.notNull())
      .addColumn('colour', 'text', (c) => c.notNull())
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('updated_at', 'text')
      .addUniqueConstraint('tags_tenant_name_key', ['tenant_id', 'name_key'])
      .execute();
    await db.schema
      .createTable('plant_tags')
      .addColumn('plant_id', 'text', (c) => c.notNull().references('plants.id').onDelete('cascade'))
      .addColumn('tag_id', 'text', (c) => c.notNull().references('tags.id').onDelete('cascade'))
      .addPrimaryKeyConstraint('plant_tags_pk', ['plant_id', 'tag_id'])
      .execute();
    // The tag filter and the per-tag plant counts start from the tag.
    await db.schema.createIndex('plant_tags_tag').on('plant_tags').columns(['tag_id', 'plant_id']).execute();
  },

  async down(db: Kysely<unknown>): Promise<void> {
    await db.schema.dropTable('plant_tags').execute();
    await db.schema.dropTable('tags').execute();
  },
};
