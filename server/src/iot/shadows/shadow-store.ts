// Shadows in the database: every update is read-merge-write in one transaction, serialized per thing
// in this process; across processes PostgreSQL locks the rows and SQLite has one writer at a time
// (shadow-writes.ts). Device reports of distinct things share a transaction: while one batch is
// written, the next gathers (batches.ts), so a busy replica does a few statements for a hundred reports.
//
// Reads come from memory while the stored row is the one kept. Without a cluster bus each read asks the
// database for the row's version and update time only (one indexed lookup of two columns), so a write
// by another server instance is seen by the next read here; only unchanged shadows skip reading and
// parsing the documents. With the bus (every replica announces each shadow it stores, with its version
// and timestamp), a kept shadow checked against the database is answered without asking again while
// the bus vouches for it: no announcement of another version or timestamp of it has been heard, the
// bus has heard every replica without a gap since the check, and the check is at most
// SHADOW_TRUST_MS old (an announcement lost because its replica died between its commit and its
// notification is missed for no longer than that). Writes through this store keep what they wrote;
// the next read checks it.
import type { Kysely } from 'kysely';
import { isPostgres } from '../../db';
import { ReusedQuery } from '../../db/reused-query';
import { isDatabaseUnavailable } from '../../db/unavailable';
import type { Database } from '../../db/schema';
import type { JsonObject } from './json';
import { Batches } from './batches';
import { KeyedQueue } from './keyed-queue';
import { samplesAt } from './metric-samples';
import { SeriesWriter } from '../../series/series-writer';
import type { ShadowDocument } from './shadow-doc';
import { fromRow, WriteConflict, writeUpdates, type ShadowChange, type ShadowUpdate, type UpdateOutcome } from './shadow-writes';
import type { ClusterBus, ClusterMessages } from '../../cluster/bus';

export type { ShadowChange } from './shadow-writes';

export type ShadowListener = (change: ShadowChange) => void;

/** Writes that belong with a desired change (its command, its audit entry): in its transaction, before anyone hears of it. */
export type WithDesired = (trx: Kysely<Database>, change: ShadowChange) => Promise<void>;

export interface ShadowStoreOptions {
  /** Called when a change listener throws; listeners must not break writes. */
  onListenerError?: (error: unknown) => void;
  /**
   * The cluster bus every shadow write of every replica is announced on (cluster/live-relay.ts): reads
   * then answer from memory while it vouches for the kept shadow. Without it each read checks the database.
   */
  bus?: ClusterBus;
  /** How long a check against the database is trusted while the bus vouches for it (default SHADOW_TRUST_MS). */
  trustMs?: number;
  /** Shadows kept in memory (default SHADOW_CACHE_SIZE); a test sets a few to reach the bound. */
  keep?: number;
  /** How the samples' roll-ups are written (SeriesWriter): 'journal' on a scaled-out server (ROLLUP_JOURNAL_MS). */
  rollups?: 'direct' | 'journal';
  /** How long a report waits for others to share its batch (REPORT_BATCH_MS; Batches' lingerMs). */
  reportLingerMs?: number;
}

const MAX_ATTEMPTS = 5;
/**
 * Reports written in one transaction, and such transactions running at once on PostgreSQL (two of a
 * pool's ten connections, so API calls keep the rest; SQLite runs one transaction at a time anyway).
 */
export const REPORTS_PER_BATCH = 100;
export const REPORT_BATCHES_AT_ONCE = 2;
/** Shadows kept in memory (a few KB each); the least recently read go first. */
export const SHADOW_CACHE_SIZE = 5000;
/** How long a kept shadow checked against the database is answered from memory while the bus vouches for it. */
export const SHADOW_TRUST_MS = 1000;

interface KeptShadow {
  version: number;
  updatedAt: string;
  doc: ShadowDocument;
  /** When the database last confirmed it, with the bus heard throughout: trusted until then + SHADOW_TRUST_MS. */
  checked?: { at: number; hearing: number };
}

/** Database reads of a shadow in progress: what the bus announces meanwhile makes them vouch for nothing. */
interface ShadowRead {
  readers: number;
  /** Announcements of the shadow heard while any read of it ran. */
  announced: number;
}

/** One of those reads: what the bus had heard as it started. */
interface ReadTicket {
  shared: ShadowRead;
  announcedBefore: number;
  hearing: number | undefined;
}

export class ShadowStore {
  private readonly queue = new KeyedQueue();
  private readonly listeners = new Set<ShadowListener>();
  private readonly lockRows: boolean;
  private readonly series: SeriesWriter;
  private readonly kept = new Map<string, KeptShadow>();
  private readonly reading = new Map<string, ShadowRead>();
  private readonly head: ReusedQuery<{ version: number; updated_at: string }>;
  /** Reports of distinct things (each thing's queue holds its next report back) written together. */
  private readonly reports: Batches<ShadowUpdate, UpdateOutcome>;
  /** Batches of reports the database refused while it was up, then tried report by report. */
  batchesSplit = 0;

  constructor(
    private readonly db: Kysely<Database>,
    private readonly opts: ShadowStoreOptions = {},
  ) {
    this.lockRows = isPostgres(db);
    this.series = new SeriesWriter(undefined, opts.rollups);
    this.head = new ReusedQuery(db, (q, slot) =>
      q.selectFrom('shadows').select(['version', 'updated_at']).where('thing_name', '=', slot(0)),
    );
    opts.bus?.subscribe('shadow', (stored) => this.announced(stored));
    this.reports = new Batches((updates) => this.commitReports(updates), {
      maxSize: REPORTS_PER_BATCH,
      atOnce: this.lockRows ? REPORT_BATCHES_AT_ONCE : 1,
      lingerMs: opts.reportLingerMs ?? 0,
    });
  }

  /**
   * The stored shadow, or undefined when the thing never reported and nothing was desired. The same
   * object while the stored row is unchanged: callers must not change it.
   */
  async get(thingName: string): Promise<ShadowDocument | undefined> {
    const trusted = this.kept.get(thingName);
    if (trusted && this.vouched(trusted)) return this.touch(thingName, trusted).doc;
    const read = this.startRead(thingName);
    try {
      const head = await this.head.first(thingName);
      if (!head) return undefined;
      const kept = this.kept.get(thingName);
      if (kept && kept.version === Number(head.version) && kept.updatedAt === head.updated_at) {
        kept.checked = this.checkedNow(read);
        return this.touch(thingName, kept).doc;
      }
      const row = await this.db.selectFrom('shadows').selectAll().where('thing_name', '=', thingName).executeTakeFirst();
      if (!row) return undefined;
      const doc = fromRow(row);
      this.keep(thingName, { version: Number(row.version), updatedAt: row.updated_at, doc, checked: this.checkedNow(read) });
      return doc;
    } finally {
      this.endRead(thingName, read);
    }
  }

  /** Whether the kept shadow may be answered without asking the database (see the top of the file). */
  private vouched(kept: KeptShadow): boolean {
    const { checked } = kept;
    return (
      checked !== undefined &&
      this.opts.bus?.hearing() === checked.hearing &&
      Date.now() - checked.at < (this.opts.trustMs ?? SHADOW_TRUST_MS)
    );
  }

  /** What a read may vouch for as it ends: nothing if the bus missed or announced anything of its shadow meanwhile. */
  private checkedNow(read: ReadTicket): KeptShadow['checked'] {
    const { hearing } = read;
    if (hearing === undefined || this.opts.bus?.hearing() !== hearing || read.shared.announced !== read.announcedBefore) return undefined;
    return { at: Date.now(), hearing };
  }

  private startRead(thingName: string): ReadTicket {
    let shared = this.reading.get(thingName);
    if (!shared) this.reading.set(thingName, (shared = { readers: 0, announced: 0 }));
    shared.readers++;
    return { shared, announcedBefore: shared.announced, hearing: this.opts.bus?.hearing() };
  }

  private endRead(thingName: string, read: ReadTicket): void {
    if (--read.shared.readers === 0) this.reading.delete(thingName);
  }

  /** A replica (this one too) stored a shadow: a kept copy of another version or timestamp is checked again. */
  private announced({ thingName, version, timestamp }: ClusterMessages['shadow']): void {
    const read = this.reading.get(thingName);
    if (read) read.announced++;
    const kept = this.kept.get(thingName);
    if (kept && (kept.version !== version || kept.doc.timestamp !== timestamp)) kept.checked = undefined;
  }

  /** Marks the shadow most recently read (the least recently read leave first). */
  private touch(thingName: string, kept: KeptShadow): KeptShadow {
    this.kept.delete(thingName);
    this.kept.set(thingName, kept);
    return kept;
  }

  private keep(thingName: string, shadow: KeptShadow): void {
    this.kept.delete(thingName);
    this.kept.set(thingName, shadow);
    if (this.kept.size > (this.opts.keep ?? SHADOW_CACHE_SIZE)) this.kept.delete(this.kept.keys().next().value as string);
  }

  /** The things whose shadows are kept in memory, the least recently read first. */
  keptThings(): string[] {
    return [...this.kept.keys()];
  }

  /**
   * Merges a device report and stores its numeric values as samples taken at `sampledAt`, with their
   * roll-ups, in the same transaction (a sample already stored is ignored: QoS 1 may deliver twice).
   */
  applyReported(thingName: string, reported: JsonObject, now = Date.now(), sampledAt = now): Promise<ShadowChange> {
    const samples = samplesAt(reported, sampledAt);
    const update: ShadowUpdate = { thingName, section: 'reported', patch: reported, now, samples };
    return this.queue.run(thingName, async () => changeOf(await this.reports.add(update)));
  }

  /**
   * Past reports in bulk (simulated history): the samples of all of them and the last one merged into
   * the shadow, in one transaction, so a plant has its whole history or none of it. With `packBefore`
   * (a plant with no history yet) the samples before that hour are written packed.
   */
  applyReportedHistory(
    thingName: string,
    reports: readonly { ts: number; reported: JsonObject }[],
    opts: { packBefore?: number } = {},
  ): Promise<ShadowChange | undefined> {
    const last = reports.at(-1);
    if (!last) return Promise.resolve(undefined);
    const samples = reports.flatMap((r) => samplesAt(r.reported, r.ts));
    return this.updateOne({ thingName, section: 'reported', patch: last.reported, now: last.ts, samples, ...opts });
  }

  /**
   * Samples only, with their roll-ups, leaving the shadow as it is: values a device sends late (an
   * OCPP charger's queued meter values) belong in the history but are not its state now. A sample
   * already stored is ignored.
   */
  storeSamples(thingName: string, reported: JsonObject, sampledAt: number): Promise<void> {
    const samples = samplesAt(reported, sampledAt);
    return this.queue.run(thingName, () =>
      this.db.transaction().execute((trx) => this.series.writeSamplesOf(trx, [{ thingName, samples }])),
    );
  }

  /**
   * Merges into the desired state (null clears a key). With `expectedVersion`, refuses with a
   * VersionConflictError unless the stored shadow is at that version (checked inside the write).
   * `withChange` writes what belongs with the change in its transaction: if it fails, nothing is
   * stored and the device hears nothing (the broker and the live streams are told after the commit).
   */
  setDesired(
    thingName: string,
    desired: JsonObject,
    now = Date.now(),
    opts: { expectedVersion?: number; withChange?: WithDesired } = {},
  ): Promise<ShadowChange> {
    const update = { thingName, section: 'desired' as const, patch: desired, now, expectedVersion: opts.expectedVersion };
    return this.queue.run(thingName, async () => changeOf((await this.commit([update], opts.withChange))[0] as UpdateOutcome));
  }

  /** Registers a listener for committed updates; returns the unsubscribe function. */
  onChange(listener: ShadowListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Resolves when the updates queued so far are written (for an orderly shutdown). */
  idle(): Promise<void> {
    return this.queue.idle();
  }

  /** One update in its own transaction, after those of its thing queued before it. */
  private updateOne(update: ShadowUpdate): Promise<ShadowChange> {
    return this.queue.run(update.thingName, async () => changeOf((await this.commit([update]))[0] as UpdateOutcome));
  }

  /**
   * A batch of reports. If the database refuses it (not for being unavailable: then every report waits
   * for it the same), each report is tried alone, so one report the database cannot take does not hold
   * back the others; one after another, on the batch's connection budget.
   */
  private async commitReports(updates: ShadowUpdate[]): Promise<UpdateOutcome[]> {
    try {
      return await this.commit(updates);
    } catch (error) {
      if (updates.length === 1 || isDatabaseUnavailable(error)) throw error;
      this.batchesSplit++;
      const outcomes: UpdateOutcome[] = [];
      for (const update of updates) {
        outcomes.push(
          await this.commit([update]).then(
            ([outcome]) => outcome as UpdateOutcome,
            (failed: unknown) => ({ failed }),
          ),
        );
      }
      return outcomes;
    }
  }

  /**
   * Writes updates of distinct things in one transaction (again, while another writer won an insert
   * race), with what `withChange` writes for each change stored.
   */
  private async commit(updates: readonly ShadowUpdate[], withChange?: WithDesired): Promise<UpdateOutcome[]> {
    for (let attempt = 1; ; attempt++) {
      try {
        const outcomes = await this.db.transaction().execute(async (trx) => {
          const written = await writeUpdates(trx, updates, { lockRows: this.lockRows, series: this.series });
          if (withChange) for (const outcome of written) if ('change' in outcome) await withChange(trx, outcome.change);
          return written;
        });
        for (const outcome of outcomes) {
          if ('change' in outcome)
            this.keep(outcome.change.thingName, {
              version: outcome.change.doc.version,
              updatedAt: outcome.updatedAt,
              doc: outcome.change.doc,
            });
        }
        for (const outcome of outcomes) if ('change' in outcome) this.notify(outcome.change);
        return outcomes;
      } catch (error) {
        if (!(error instanceof WriteConflict) || attempt >= MAX_ATTEMPTS) throw error;
        await new Promise((resolve) => setTimeout(resolve, Math.random() * 10 * attempt));
      }
    }
  }

  private notify(change: ShadowChange): void {
    for (const listener of this.listeners) {
      try {
        listener(change);
      } catch (error) {
        this.opts.onListenerError?.(error);
      }
    }
  }
}

/** The change, or the error that refused it. */
function changeOf(outcome: UpdateOutcome): ShadowChange {
  if ('failed' in outcome) throw outcome.failed;
  return outcome.change;
}
