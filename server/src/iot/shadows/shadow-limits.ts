// Limits on a whole shadow section (as the best-known shadow services set them): a section's JSON
// over 8 KB is refused (413 over the API, dropped from MQTT), nesting deeper than 6 levels likewise
// (400). A stale expected version is a conflict that names the current version so the client can resync.
import { isJsonObject, type JsonObject, type JsonValue } from './json';
import { STATE_LIMITS } from './state-patch';

export const SHADOW_LIMITS = {
  /** UTF-8 bytes of one section (desired or reported) as JSON. */
  maxSectionBytes: 8 * 1024,
  maxDepth: STATE_LIMITS.maxDepth,
} as const;

export const jsonBytes = (value: JsonValue): number => Buffer.byteLength(JSON.stringify(value), 'utf8');

/** Object nesting depth: `{}` and `{a:1}` are 1, `{a:{b:1}}` is 2; arrays count as a level too. */
export function nestingDepth(value: JsonValue): number {
  // loops, not arrays of the values' depths spread into Math.max: this runs on every report
  let deepest = 0;
  if (Array.isArray(value)) for (const item of value) deepest = Math.max(deepest, nestingDepth(item));
  else if (isJsonObject(value)) for (const key of Object.keys(value)) deepest = Math.max(deepest, nestingDepth(value[key]!));
  else return 0;
  return 1 + deepest;
}

export type ShadowLimit = 'tooLarge' | 'tooDeep';

export class ShadowLimitError extends Error {
  constructor(
    readonly limit: ShadowLimit,
    message: string,
  ) {
    super(message);
    this.name = 'ShadowLimitError';
  }
}

export class VersionConflictError extends Error {
  constructor(
    readonly expectedVersion: number,
    readonly currentVersion: number,
  ) {
    super(`The shadow is at version ${currentVersion}, not the expected ${expectedVersion}`);
    this.name = 'VersionConflictError';
  }
}

/** Throws ShadowLimitError when a section (after an update) breaks a limit; `json` is the section's JSON when the caller has it. */
export function checkSection(section: 'reported' | 'desired', state: JsonObject, json = JSON.stringify(state)): void {
  const bytes = Buffer.byteLength(json, 'utf8');
  if (bytes > SHADOW_LIMITS.maxSectionBytes) {
    throw new ShadowLimitError(
      'tooLarge',
      `The ${section} document would be ${bytes} bytes; the limit is ${SHADOW_LIMITS.maxSectionBytes}`,
    );
  }
  if (nestingDepth(state) > SHADOW_LIMITS.maxDepth) {
    throw new ShadowLimitError('tooDeep', `The ${section} document would be nested deeper than ${SHADOW_LIMITS.maxDepth} levels`);
  }
}
