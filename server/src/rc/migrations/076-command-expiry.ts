// 076_command_expiry: the server expires commands left unconfirmed for a day (rc/commands.ts
// expireCommands), every tick of the schedules' job over all plants: the open commands by their sent
// time, found through an index instead of a scan of the whole history.
import type { Kysely, Migration } from 'kysely';

export const commandExpiryMigration: Required<Migration> = {
  async up(db: Kysely<unknown>): Promise<void> {
    await db.schema.createIndex('rc_commands_state_sent').on('rc_commands').columns(['state', 'sent_at']).execute();
  },
  async down(db: Kysely<unknown>): Promise<void> {
    await db.schema.dropIndex('rc_commands_state_sent').execute();
  },
};
