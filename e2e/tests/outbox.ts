// Mail in these runs goes nowhere: the server keeps it in its outbox table, read here the way a
// person would read their inbox.
import path from 'node:path';
import Database from 'better-sqlite3';

/** The text of the last mail kept for `email`. */
export function lastMailTextTo(email: string): string | undefined {
  const db = new Database(path.join(process.env.HELIO_E2E_DATA as string, 'helio.db'), { readonly: true });
  try {
    const row = db.prepare('select text from outbox where "to" = ? order by created_at desc limit 1').get(email) as
      { text: string } | undefined;
    return row?.text;
  } finally {
    db.close();
  }
}

/** The temporary password of the last invitation mailed to `email` (Czech or English mail). */
export function temporaryPasswordMailedTo(email: string): string {
  const password = /(?:Dočasné heslo|Temporary password): (\S+)/.exec(lastMailTextTo(email) ?? '')?.[1];
  if (!password) throw new Error(`no invitation mailed to ${email}`);
  return password;
}

/** The subjects of every mail kept for `email`, oldest first. */
export function mailSubjectsTo(email: string): string[] {
  const db = new Database(path.join(process.env.HELIO_E2E_DATA as string, 'helio.db'), { readonly: true });
  try {
    const rows = db.prepare('select subject from outbox where "to" = ? order by created_at').all(email) as { subject: string }[];
    return rows.map((row) => row.subject);
  } finally {
    db.close();
  }
}
