// A day cannot pass in a journey: the journey ages a plant's commands in the server's database
// instead (as outbox.ts reads its mail there), and the server's own expiry takes them from there.
import path from 'node:path';
import Database from 'better-sqlite3';

/** Moves the sent time of every command of `plantId` `ms` into the past. */
export function ageCommands(plantId: string, ms: number): void {
  const db = new Database(path.join(process.env.HELIO_E2E_DATA as string, 'helio.db'));
  try {
    db.pragma('busy_timeout = 5000');
    const rows = db.prepare('select id, sent_at from rc_commands where plant_id = ?').all(plantId) as { id: string; sent_at: string }[];
    const update = db.prepare('update rc_commands set sent_at = ? where id = ?');
    for (const row of rows) update.run(new Date(Date.parse(row.sent_at) - ms).toISOString(), row.id);
  } finally {
    db.close();
  }
}
