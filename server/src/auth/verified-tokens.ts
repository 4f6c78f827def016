// Checking an ES256 signature costs more than the rest of a small API request, and a signed token
// never changes: a token that verified is remembered by its exact text until it expires, and never
// longer than VERIFIED_TOKEN_MAX_AGE_MS (so a signing key taken out of the ring stops working soon).
// Only the signature and claims are remembered: the session's revocation and the user's status are
// still read on every request (http/auth.ts), so they take effect at once.

export const VERIFIED_TOKEN_MAX_AGE_MS = 30_000;
/** Tokens remembered at once; the oldest goes first. A few hundred users refresh every 5 minutes. */
export const VERIFIED_TOKEN_CAPACITY = 2000;

interface Remembered<T> {
  claims: T;
  until: number;
}

export class VerifiedTokenCache<T> {
  private readonly tokens = new Map<string, Remembered<T>>();

  constructor(
    private readonly capacity = VERIFIED_TOKEN_CAPACITY,
    private readonly maxAgeMs = VERIFIED_TOKEN_MAX_AGE_MS,
    private readonly clock: () => number = Date.now,
  ) {}

  /** The claims of a token verified before, while it is unexpired and remembered. */
  get(token: string): T | undefined {
    const remembered = this.tokens.get(token);
    if (!remembered) return undefined;
    if (this.clock() >= remembered.until) {
      this.tokens.delete(token);
      return undefined;
    }
    return remembered.claims;
  }

  /** Remembers a token that has just verified; `expiresAtMs` is its exp claim in milliseconds. */
  remember(token: string, claims: T, expiresAtMs: number): void {
    const until = Math.min(expiresAtMs, this.clock() + this.maxAgeMs);
    if (until <= this.clock()) return;
    this.tokens.delete(token);
    if (this.tokens.size >= this.capacity) this.tokens.delete(this.tokens.keys().next().value as string);
    this.tokens.set(token, { claims, until });
  }

  get size(): number {
    return this.tokens.size;
  }
}
