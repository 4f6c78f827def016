// 063_tenant_spot_prices: an organisation's own spot prices (integration/spot/upload), apart from the
// server's series (SPOT_PRICES_URL's feed and the demo curve in spot_prices), which no organisation
// can write. One row per organisation, area and delivery period start, so a re-upload replaces.
import type { Kysely, Migration } from 'kysely';

export const tenantSpotPricesMigration: Migration = {
  async up(db: Kysely<unknown>): Promise<void> {
    await db.schema
      .createTable('tenant_spot_prices')
      .addColumn('tenant_id', 'text', (c) => c.notNull().references('tenants.id').onDelete('cascade'))
      .addColumn('area', 'text', (c) => c.notNull())
      .addColumn('starts_at', 'text', (c) => c.notNull())
      .addColumn('minutes', 'integer', (c) => c.notNull())
      .addColumn('eur_mwh', 'double precision', (c) => c.notNull())
      .addColumn('updated_at', 'text', (c) => c.notNull())
      .addPrimaryKeyConstraint('tenant_spot_prices_pk', ['tenant_id', 'area', 'starts_at'])
      .execute();
  },
  async down(db: Kysely<unknown>): Promise<void> {
    await db.schema.dropTable('tenant_spot_prices').execute();
  },
};
