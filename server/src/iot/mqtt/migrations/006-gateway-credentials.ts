// Per-gateway MQTT credentials: one row per plant. The password itself is never stored: a scrypt hash
// for the embedded broker (verified like user passwords) and a PBKDF2-SHA512 hash in Mosquitto's
// `$7$` format, so an external Mosquitto can be given a password file without knowing the password.
import type { Kysely, Migration } from 'kysely';

export const gatewayCredentialsMigration: Required<Migration> = {
  async up(db: Kysely<unknown>): Promise<void> {
    await db.schema
      .createTable('gateway_credentials')
      .addColumn('plant_id', 'text', (c) => c.primaryKey().references('plants.id').onDelete('cascade'))
      .addColumn('username', 'text', (c) => c.notNull().unique())
      .addColumn('password_hash', 'text', (c) => c.notNull())
      .addColumn('mosquitto_hash', 'text', (c) => c.notNull())
      .addColumn('updated_at', 'text', (c) => c.notNull())
      .execute();
  },

  async down(db: Kysely<unknown>): Promise<void> {
    await db.schema.dropTable('gateway_credentials').execute();
  },
};
