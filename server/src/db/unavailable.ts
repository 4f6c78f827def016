// Whether an error means the database cannot be used right now (PostgreSQL down or restarting, its
// connections cut; SQLite's disk full or failing) rather than a fault of the request or the code.
// Such errors answer 503 with a clear message, so a load balancer and a client know to retry.

const SQLITE_UNAVAILABLE = /^SQLITE_(FULL|IOERR|CANTOPEN|READONLY_DBMOVED)/;
/** PostgreSQL SQLSTATE classes 08 (connection exception) and 57P (operator intervention: shutdown). */
const POSTGRES_UNAVAILABLE = /^(08\d{3}|57P0[1-4])$/;
const NETWORK_UNAVAILABLE = new Set(['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT', 'ENOTFOUND', 'EAI_AGAIN']);
const PG_CLIENT_MESSAGES = [
  /^Connection terminated/,
  /timeout exceeded when trying to connect/,
  /^Client has encountered a connection error/,
];

export function isDatabaseUnavailable(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const { code, message } = error as { code?: unknown; message?: unknown };
  if (typeof code === 'string' && (SQLITE_UNAVAILABLE.test(code) || POSTGRES_UNAVAILABLE.test(code) || NETWORK_UNAVAILABLE.has(code)))
    return true;
  if (typeof message === 'string' && PG_CLIENT_MESSAGES.some((m) => m.test(message))) return true;
  const cause = (error as { cause?: unknown }).cause;
  return cause !== undefined && cause !== error && isDatabaseUnavailable(cause);
}

/** What the client is told: the disk case apart, since it needs an operator rather than a moment. */
export function unavailableMessage(error: unknown): string {
  const code = typeof error === 'object' && error !== null ? (error as { code?: unknown }).code : undefined;
  return code === 'SQLITE_FULL'
    ? "The server's database disk is full; nothing was saved. Try again once space is freed."
    : 'The database is unavailable at the moment; nothing was saved. Try again shortly.';
}
