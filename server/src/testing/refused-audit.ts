// A database that refuses the audit entries of one tenant, for tests that prove a change and its
// audit entry commit together: with the entry refused, the change must not be there either.
import { sql, type Kysely } from 'kysely';
import { randomUUID } from 'node:crypto';
import { isPostgres } from '../db/dialect';
import type { Database } from '../db/schema';

/** Runs `work` while inserts of `tenantId`'s audit entries fail, and accepts them again after it, however it ends. */
export async function whileAuditRefused<T>(db: Kysely<Database>, tenantId: string, work: () => Promise<T>): Promise<T> {
  const name = sql.id(`refuse_audit_${randomUUID().replace(/-/g, '')}`);
  const tenant = sql.lit(tenantId);
  const postgres = isPostgres(db);
  if (postgres) {
    await sql`CREATE FUNCTION ${name}() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN IF NEW.tenant_id = ${tenant} THEN RAISE EXCEPTION 'audit entry refused by the test'; END IF; RETURN NEW; END $$`.execute(db);
    await sql`CREATE TRIGGER ${name} BEFORE INSERT ON audit_events FOR EACH ROW EXECUTE FUNCTION ${name}()`.execute(db);
  } else {
    await sql`CREATE TRIGGER ${name} BEFORE INSERT ON audit_events WHEN NEW.tenant_id = ${tenant}
      BEGIN SELECT RAISE(ABORT, 'audit entry refused by the test'); END`.execute(db);
  }
  try {
    return await work();
  } finally {
    if (postgres) {
      await sql`DROP TRIGGER ${name} ON audit_events`.execute(db);
      await sql`DROP FUNCTION ${name}()`.execute(db);
    } else await sql`DROP TRIGGER ${name}`.execute(db);
  }
}
