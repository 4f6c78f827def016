// Releases of the console's modules: names, the canary's defaults and the bounds of what browsers
// report about the modules they load.

/** A module that can be released on its own: an app of the import map (`@helio/<folder>`). */
export const RELEASE_MODULE_PATTERN = '^@helio/[a-z][a-z0-9-]{0,40}$';
/** A release's name: the app's version and the content hash of its files, e.g. `0.1.0-1a2b3c4d`. */
export const RELEASE_NAME_PATTERN = '^[0-9A-Za-z][0-9A-Za-z.+_-]{0,63}$';

/** Share of users (per cent) a canary reaches besides its organisations. */
export const CANARY_SHARE_MAX = 100;
/** Organisations a canary names at most. */
export const CANARY_ORGANISATIONS_MAX = 50;

/** A canary is judged only after this many users loaded it (unless the canary names its own). */
export const CANARY_MIN_LOADS_DEFAULT = 20;
/** Share of its users who saw it fail above which a judged canary rolls back by itself (unless it names its own). */
export const CANARY_MAX_ERROR_RATE_DEFAULT = 0.1;
export const CANARY_MIN_LOADS_LIMITS = { minimum: 1, maximum: 100_000 } as const;

/** One report from a browser: the modules it loaded and the ones that failed, each once a page load. */
export const RELEASE_REPORT_MAX_LOADS = 30;
export const RELEASE_REPORT_MAX_ERRORS = 10;
export const RELEASE_ERROR_MESSAGE_MAX = 300;
/** A canary rolls back by itself only once this many distinct users reported loading it, whatever its own minimum. */
export const CANARY_MIN_REPORTERS = 3;
/** Reports one user may send a minute; more answer 429 and count nothing. */
export const RELEASE_REPORTS_PER_MINUTE = 30;
/** How many changes of the releases the page lists. */
export const RELEASE_HISTORY_MAX = 50;
