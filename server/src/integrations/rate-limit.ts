// Per-key request budget: a token bucket of `perMinute` tokens refilled evenly. Kept in memory, per
// process: behind N replicas a key gets up to N times the budget (a shared store would be needed to
// make it exact; the point here is to stop one runaway client from starving the rest).
export class KeyRateLimiter {
  private readonly buckets = new Map<string, { tokens: number; at: number }>();

  constructor(
    private readonly perMinute: number,
    private readonly now: () => number = Date.now,
  ) {}

  /** Takes one token; answers 0 when allowed, else the whole seconds until one is free. */
  take(key: string): number {
    const now = this.now();
    const refillPerMs = this.perMinute / 60_000;
    const bucket = this.buckets.get(key) ?? { tokens: this.perMinute, at: now };
    bucket.tokens = Math.min(this.perMinute, bucket.tokens + (now - bucket.at) * refillPerMs);
    bucket.at = now;
    if (this.buckets.size > 50_000 && !this.buckets.has(key)) this.buckets.clear();
    this.buckets.set(key, bucket);
    if (bucket.tokens >= 1) {
      bucket.tokens -= 1;
      return 0;
    }
    return Math.max(1, Math.ceil((1 - bucket.tokens) / refillPerMs / 1000));
  }
}
