// What the data imports did, for the sources page: when, from where, how many rows, which errors.
import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import type { IntegrationImportTable } from './tables';

export async function recordImport(
  db: Kysely<Database>,
  entry: { tenantId: string | null; kind: IntegrationImportTable['kind']; source: string; rows: number; errors: readonly string[] },
  now = new Date(),
): Promise<void> {
  await db
    .insertInto('integration_imports')
    .values({
      id: randomUUID(),
      tenant_id: entry.tenantId,
      kind: entry.kind,
      source: entry.source,
      at: now.toISOString(),
      rows: entry.rows,
      errors: JSON.stringify(entry.errors.slice(0, 20)),
    })
    .execute();
}

/** The newest spot import: the server's own (URL) ones and this tenant's uploads. */
export async function lastSpotImport(db: Kysely<Database>, tenantId: string) {
  const row = await db
    .selectFrom('integration_imports')
    .selectAll()
    .where('kind', '=', 'spot')
    .where((eb) => eb.or([eb('tenant_id', 'is', null), eb('tenant_id', '=', tenantId)]))
    .orderBy('at', 'desc')
    .limit(1)
    .executeTakeFirst();
  return row ? { at: row.at, source: row.source, rows: row.rows, errors: JSON.parse(row.errors) as string[] } : null;
}
