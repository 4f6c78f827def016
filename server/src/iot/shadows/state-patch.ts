// Limits on what a device or a user may write into a shadow, checked before anything is stored.
import { isJsonObject, type JsonObject } from './json';

export const STATE_LIMITS = {
  /** Nesting depth of objects inside a section (AWS allows 6 as well). */
  maxDepth: 6,
  maxKeysPerObject: 200,
  maxStringLength: 1024,
  maxArrayLength: 256,
} as const;

/** Keys are plain identifiers: no dots (metric paths join levels with '.') and no '$' (reserved). */
export const STATE_KEY_PATTERN = /^[A-Za-z0-9_-]{1,128}$/;

export type PatchCheck = { ok: true; patch: JsonObject } | { ok: false; message: string };

/** Checks that `value` is a state patch within the limits; `null` values (deletions) are allowed. */
export function checkStatePatch(value: unknown): PatchCheck {
  if (!isJsonObject(value)) return { ok: false, message: 'state must be a JSON object' };
  const problem = objectProblem(value, 1, '');
  return problem ? { ok: false, message: problem } : { ok: true, patch: value };
}

function objectProblem(object: JsonObject, depth: number, path: string): string | undefined {
  if (depth > STATE_LIMITS.maxDepth) return `${path || 'state'} is nested deeper than ${STATE_LIMITS.maxDepth}`;
  const keys = Object.keys(object);
  if (keys.length > STATE_LIMITS.maxKeysPerObject) return `${path || 'state'} has too many keys`;
  for (const key of keys) {
    const at = path ? `${path}.${key}` : key;
    if (!STATE_KEY_PATTERN.test(key)) return `invalid key "${at}"`;
    const problem = valueProblem(object[key], depth, at);
    if (problem) return problem;
  }
  return undefined;
}

function valueProblem(value: unknown, depth: number, path: string): string | undefined {
  if (value === null || typeof value === 'boolean') return undefined;
  if (typeof value === 'number') return Number.isFinite(value) ? undefined : `${path} is not a finite number`;
  if (typeof value === 'string') {
    return value.length <= STATE_LIMITS.maxStringLength ? undefined : `${path} is longer than allowed`;
  }
  if (Array.isArray(value)) {
    if (value.length > STATE_LIMITS.maxArrayLength) return `${path} has too many items`;
    for (let i = 0; i < value.length; i++) {
      const problem = valueProblem(value[i], depth + 1, `${path}[${i}]`);
      if (problem) return problem;
    }
    return undefined;
  }
  if (isJsonObject(value)) return objectProblem(value, depth + 1, path);
  return `${path} is not a JSON value`;
}
