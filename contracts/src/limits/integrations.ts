// Rules of the integrations module both sides check: API key scopes, webhook events and the sizes
// of what may be uploaded.
export const API_KEY_SCOPES = ['read', 'control'] as const;
export type ApiKeyScope = (typeof API_KEY_SCOPES)[number];

export const API_KEY_NAME_MAX = 80;
/** A key names at most this many plants; more is "all plants". */
export const API_KEY_MAX_PLANTS = 200;
/** The longest a key may live; a key without an expiry lives until revoked. */
export const API_KEY_MAX_DAYS = 3 * 365;
/** Every key starts with this, so a leaked one is recognisable (secret scanners, logs). */
export const API_KEY_PREFIX = 'helio_';

export const WEBHOOK_EVENTS = ['alert.opened', 'alert.cleared', 'command.confirmed', 'plant.offline'] as const;
export type WebhookEvent = (typeof WEBHOOK_EVENTS)[number];
export const WEBHOOK_URL_MAX = 2000;
export const WEBHOOK_DESCRIPTION_MAX = 200;
/** Webhooks per tenant. */
export const MAX_WEBHOOKS = 20;
/** Redeliveries (from the log) of one tenant that may wait to be sent at once; each event at most once per webhook. */
export const MAX_PENDING_REDELIVERIES = 20;
/** A delivery is retried with growing pauses for this long after the event. */
export const WEBHOOK_RETRY_WINDOW_MS = 24 * 60 * 60 * 1000;
/** The signature header: `t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<body>">`. */
export const WEBHOOK_SIGNATURE_HEADER = 'Helio-Signature';
/** A receiver should refuse signatures older than this (replays). */
export const WEBHOOK_TOLERANCE_SECONDS = 300;

/** The largest history file the console takes; it is sent in pieces of HISTORY_CHUNK_LINES lines. */
export const HISTORY_FILE_MAX_BYTES = 20 * 1024 * 1024;
export const HISTORY_CHUNK_LINES = 20_000;
/** The largest piece of CSV one import request carries (characters). */
export const HISTORY_CHUNK_MAX_CHARS = 2_000_000;
/** At most this many line errors are listed; the count says how many there were. */
export const HISTORY_MAX_LISTED_ERRORS = 100;
/** The largest spot price CSV one upload carries (characters). */
export const SPOT_UPLOAD_MAX_CHARS = 2_000_000;
