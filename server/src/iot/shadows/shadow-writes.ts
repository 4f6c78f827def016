// Writing shadow updates: any number of updates to distinct things in one transaction, each
// read-merge-write, in a fixed number of statements (read the rows, write them, their gateway reports,
// their samples and roll-ups). A batch of reports then costs the database about what one did.
//
// Rows are read FOR UPDATE in name order on PostgreSQL, so replicas writing overlapping batches wait
// for each other instead of deadlocking, and the merged rows are written back unconditionally: no one
// else can change a locked row (SQLite runs one transaction at a time). A thing without a row has
// nothing to lock; if another writer inserts it meanwhile, the batch is refused (WriteConflict) and
// tried again, and then finds the row.
import type { Transaction } from 'kysely';
import { insertRows, type ColumnTypes } from '../../db/row-columns';
import type { Database } from '../../db/schema';
import type { Sample } from '../../series/rollup';
import type { SeriesWriter } from '../../series/series-writer';
import type { ShadowTable } from '../tables';
import { writeGatewayReports } from './gateway-reports';
import { jsonEqual, type JsonObject } from './json';
import { checkSection, ShadowLimitError, VersionConflictError } from './shadow-limits';
import { applyUpdate, computeDelta, emptyShadow, type ShadowDocument, type ShadowSection } from './shadow-doc';
import { metadataOf, metadataText } from './stored-metadata';

export interface ShadowChange {
  thingName: string;
  previous: ShadowDocument;
  doc: ShadowDocument;
  /** The state changed (the version rose). */
  changed: boolean;
  /** The delta differs from before (so the device must hear about it). */
  deltaChanged: boolean;
}

export interface ShadowUpdate {
  thingName: string;
  section: ShadowSection;
  patch: JsonObject;
  now: number;
  /** Time-series samples stored with the update (a report's numeric values); one already stored is ignored. */
  samples?: readonly Sample[];
  /** The simulator's history: samples before this hour go straight into packed blocks (SeriesWriter's ThingSamples). */
  packBefore?: number;
  /** Refuse with a VersionConflictError unless the stored shadow is at this version. */
  expectedVersion?: number;
}

/** What became of one update of a batch: its change, or why it alone failed (the others went on). */
export type UpdateOutcome = { change: ShadowChange; updatedAt: string } | { failed: unknown };

const SHADOW_COLUMNS: ColumnTypes<ShadowTable> = {
  thing_name: 'text',
  reported: 'text',
  desired: 'text',
  metadata: 'text',
  version: 'integer',
  updated_at: 'text',
};

/** Another writer inserted a shadow this batch meant to insert: the whole batch is tried again. */
export class WriteConflict extends Error {}

export async function writeUpdates(
  trx: Transaction<Database>,
  updates: readonly ShadowUpdate[],
  opts: { lockRows: boolean; series: SeriesWriter },
): Promise<UpdateOutcome[]> {
  const select = trx
    .selectFrom('shadows')
    .selectAll()
    .where(
      'thing_name',
      'in',
      updates.map((u) => u.thingName),
    );
  const rows = await (opts.lockRows ? select.orderBy('thing_name').forUpdate() : select).execute();
  const stored = new Map(rows.map((row) => [row.thing_name, row]));
  const outcomes: UpdateOutcome[] = [];
  const existing: ShadowTable[] = [];
  const inserted: ShadowTable[] = [];
  const written: { thingName: string; shadow: ShadowDocument; samples?: readonly Sample[]; packBefore?: number }[] = [];
  for (const update of updates) {
    const row = stored.get(update.thingName);
    const previous = row ? fromRow(row) : emptyShadow();
    const { outcome: merged, sectionJson } = merge(previous, update);
    outcomes.push(merged);
    if ('failed' in merged) continue;
    const { doc } = merged.change;
    (row ? existing : inserted).push(toRow(update.thingName, doc, merged.updatedAt, { [update.section]: sectionJson }));
    written.push({ thingName: update.thingName, shadow: doc, samples: update.samples, packBefore: update.packBefore });
  }
  // In name order as the rows were locked: two writers inserting the same new things wait, not deadlock.
  const byName = (x: ShadowTable, y: ShadowTable) => (x.thing_name < y.thing_name ? -1 : x.thing_name > y.thing_name ? 1 : 0);
  inserted.sort(byName);
  existing.sort(byName);
  const added = await insertRows(trx, 'shadows', SHADOW_COLUMNS, inserted, (insert) =>
    insert.onConflict((oc) => oc.column('thing_name').doNothing()).returning('thing_name'),
  );
  if (added.length !== inserted.length) throw new WriteConflict();
  await insertRows(trx, 'shadows', SHADOW_COLUMNS, existing, (insert) =>
    insert.onConflict((oc) =>
      oc.column('thing_name').doUpdateSet((eb) => ({
        reported: eb.ref('excluded.reported'),
        desired: eb.ref('excluded.desired'),
        metadata: eb.ref('excluded.metadata'),
        version: eb.ref('excluded.version'),
        updated_at: eb.ref('excluded.updated_at'),
      })),
    ),
  );
  await writeGatewayReports(trx, written);
  await opts.series.writeSamplesOf(
    trx,
    written
      .filter((w) => w.samples && w.samples.length > 0)
      .map((w) => ({
        thingName: w.thingName,
        samples: w.samples ?? [],
        ...(w.packBefore === undefined ? {} : { packBefore: w.packBefore }),
      })),
  );
  return outcomes;
}

/** The update merged into the stored shadow, or why it is refused; with the JSON of the section it changed (its limits checked on it, then stored). */
function merge(previous: ShadowDocument, update: ShadowUpdate): { outcome: UpdateOutcome; sectionJson?: string } {
  try {
    if (update.expectedVersion !== undefined && previous.version !== update.expectedVersion) {
      throw new VersionConflictError(update.expectedVersion, previous.version);
    }
    const { doc, changed } = applyUpdate(previous, update.section, update.patch, update.now);
    // Limits hold for the merged document: many small updates must not grow it past them.
    const sectionJson = JSON.stringify(doc.state[update.section]);
    checkSection(update.section, doc.state[update.section], sectionJson);
    const deltaChanged = !jsonEqual(
      computeDelta(previous.state.desired, previous.state.reported),
      computeDelta(doc.state.desired, doc.state.reported),
    );
    const change = { thingName: update.thingName, previous, doc, changed, deltaChanged };
    return { outcome: { change, updatedAt: new Date(doc.timestamp).toISOString() }, sectionJson };
  } catch (error) {
    if (error instanceof ShadowLimitError || error instanceof VersionConflictError) return { outcome: { failed: error } };
    throw error;
  }
}

function toRow(thingName: string, doc: ShadowDocument, updatedAt: string, json: Partial<Record<ShadowSection, string>>): ShadowTable {
  return {
    thing_name: thingName,
    reported: json.reported ?? JSON.stringify(doc.state.reported),
    desired: json.desired ?? JSON.stringify(doc.state.desired),
    metadata: metadataText(doc.metadata, doc.timestamp),
    version: doc.version,
    updated_at: updatedAt,
  };
}

export function fromRow(row: ShadowTable): ShadowDocument {
  const timestamp = Date.parse(row.updated_at);
  return {
    state: { reported: JSON.parse(row.reported) as JsonObject, desired: JSON.parse(row.desired) as JsonObject },
    metadata: metadataOf(row.metadata, timestamp),
    version: row.version,
    timestamp,
  };
}
