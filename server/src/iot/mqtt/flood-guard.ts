// Per-gateway admission of reports: a token bucket (a steady rate with a burst) and a bound on the
// reports of one gateway waiting to be stored. A gateway that floods loses its excess reports; it
// cannot grow the server's backlog nor starve the other gateways' writes.
import { BoundedMap } from '../../cache/bounded-map';

export interface FloodLimits {
  /** Reports per second a gateway may send on average. */
  perSecond: number;
  /** Reports a gateway may send at once after a quiet spell. */
  burst: number;
  /** Reports of one gateway received but not yet stored. */
  maxPending: number;
}

/** A gateway reports every few seconds; ten a second is a fast-forwarded simulator, not a real one. */
export const GATEWAY_FLOOD_LIMITS: FloodLimits = { perSecond: 20, burst: 100, maxPending: 50 };

interface Bucket {
  tokens: number;
  at: number;
  pending: number;
}

/**
 * Gateways tracked at most. Past it the idle ones (a full bucket, nothing pending) are forgotten, as
 * they would be admitted alike anyway; if every one is busy, the least recently seen goes (it starts
 * again with a full burst: a fleet that large and that busy is no flood of one gateway).
 */
export const FLOOD_GUARD_TRACKED = 10_000;

export class FloodGuard {
  private readonly buckets: BoundedMap<string, Bucket>;

  constructor(
    private readonly limits: FloodLimits = GATEWAY_FLOOD_LIMITS,
    private readonly now: () => number = Date.now,
    private readonly capacity = FLOOD_GUARD_TRACKED,
  ) {
    this.buckets = new BoundedMap(capacity);
  }

  /** Gateways tracked now. */
  get size(): number {
    return this.buckets.size;
  }

  /** True when the report may be stored (call done() once it is); false drops it. */
  admit(thing: string): boolean {
    const now = this.now();
    let bucket = this.buckets.get(thing);
    if (!bucket) {
      if (this.buckets.size >= this.capacity) this.forgetIdle(now);
      bucket = { tokens: this.limits.burst, at: now, pending: 0 };
      this.buckets.set(thing, bucket);
    }
    bucket.tokens = Math.min(this.limits.burst, bucket.tokens + ((now - bucket.at) / 1000) * this.limits.perSecond);
    bucket.at = now;
    if (bucket.tokens < 1 || bucket.pending >= this.limits.maxPending) return false;
    bucket.tokens -= 1;
    bucket.pending += 1;
    return true;
  }

  done(thing: string): void {
    const bucket = this.buckets.get(thing);
    if (bucket && bucket.pending > 0) bucket.pending -= 1;
  }

  private forgetIdle(now: number): void {
    for (const [thing, bucket] of this.buckets) {
      const full = bucket.tokens + ((now - bucket.at) / 1000) * this.limits.perSecond >= this.limits.burst;
      if (full && bucket.pending === 0) this.buckets.delete(thing);
    }
  }
}
