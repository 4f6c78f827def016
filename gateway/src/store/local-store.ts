// The gateway's own SQLite file: the outbox of reports not yet acknowledged by the broker (every
// report goes through it, so nothing is lost while the broker or the network is down, and they leave
// in the order they were made) and the few settings the gateway keeps for itself (the export limit).
// Bounded: past maxReports the oldest are dropped, and a report older than maxAgeMs is dropped
// unsent (the server trusts a sample's time for 7 days; an older one would land at its arrival).
import Database from 'better-sqlite3';
import fs from 'node:fs';
import path from 'node:path';

export interface OutboxLimits {
  /** Reports kept at most (default 200,000: nearly 12 days at one every 5 s). */
  maxReports: number;
  /** The oldest report kept, ms (default 7 days). */
  maxAgeMs: number;
}

export const DEFAULT_OUTBOX_LIMITS: OutboxLimits = { maxReports: 200_000, maxAgeMs: 7 * 24 * 3_600_000 };

export interface OutboxEntry {
  seq: number;
  topic: string;
  payload: string;
  /** Epoch ms the report was made. */
  createdAt: number;
}

export class LocalStore {
  private readonly db: Database.Database;
  /** Reports dropped unsent since start (over the bounds). */
  droppedCount = 0;

  constructor(
    file: string,
    private readonly limits: OutboxLimits = DEFAULT_OUTBOX_LIMITS,
    private readonly now: () => number = Date.now,
  ) {
    fs.mkdirSync(path.dirname(file), { recursive: true });
    this.db = new Database(file);
    // WAL with normal sync: a report survives the process dying; a power cut may lose the last second.
    this.db.pragma('journal_mode = WAL');
    this.db.pragma('synchronous = NORMAL');
    this.db.exec(`
      create table if not exists outbox (seq integer primary key autoincrement, topic text not null, payload text not null, created_at integer not null);
      create index if not exists outbox_created_at on outbox (created_at);
      create table if not exists settings (key text primary key, value text not null);
    `);
  }

  /** Appends a report, then drops the oldest beyond the bounds. */
  enqueue(topic: string, payload: string, createdAt = this.now()): void {
    this.db.prepare('insert into outbox (topic, payload, created_at) values (?, ?, ?)').run(topic, payload, createdAt);
    this.prune();
  }

  /** The oldest reports not yet sent, at most `limit`, after `afterSeq`. */
  next(limit: number, afterSeq = 0): OutboxEntry[] {
    this.prune();
    return this.db
      .prepare('select seq, topic, payload, created_at as createdAt from outbox where seq > ? order by seq limit ?')
      .all(afterSeq, limit) as OutboxEntry[];
  }

  /** A report the broker acknowledged; false when it was removed already. */
  remove(seq: number): boolean {
    return this.db.prepare('delete from outbox where seq = ?').run(seq).changes > 0;
  }

  depth(): number {
    return (this.db.prepare('select count(*) as n from outbox').get() as { n: number }).n;
  }

  /** Epoch ms of the oldest report waiting, or null when none is. */
  oldestAt(): number | null {
    return (this.db.prepare('select min(created_at) as at from outbox').get() as { at: number | null }).at;
  }

  setting(key: string): string | undefined {
    return (this.db.prepare('select value from settings where key = ?').get(key) as { value: string } | undefined)?.value;
  }

  setSetting(key: string, value: string | undefined): void {
    if (value === undefined) this.db.prepare('delete from settings where key = ?').run(key);
    else
      this.db
        .prepare('insert into settings (key, value) values (?, ?) on conflict (key) do update set value = excluded.value')
        .run(key, value);
  }

  close(): void {
    this.db.close();
  }

  private prune(): void {
    const expired = this.db.prepare('delete from outbox where created_at < ?').run(this.now() - this.limits.maxAgeMs).changes;
    // Sequence numbers grow by one a report and leave from the oldest: the newest maxReports are the last ones.
    const over = this.db.prepare('delete from outbox where seq <= (select max(seq) from outbox) - ?').run(this.limits.maxReports).changes;
    this.droppedCount += expired + over;
  }
}
