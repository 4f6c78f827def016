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
/** A key the pattern lets through that JavaScript objects treat as their prototype: never a state key. */
const PROTOTYPE_KEY = '__proto__';

/** What breaks a state patch (ShadowDocumentInvalid's `reason`), the path it is at and the limit it broke. */
export type PatchProblem = {
  reason: 'notObject' | 'tooDeep' | 'tooManyKeys' | 'invalidKey' | 'notFinite' | 'tooLong' | 'tooManyItems' | 'notJson';
  path: string;
  max?: number;
};

export type PatchCheck = { ok: true; patch: JsonObject } | ({ ok: false; message: string } & PatchProblem);

const MESSAGES: Record<PatchProblem['reason'], (p: PatchProblem) => string> = {
  notObject: () => 'state must be a JSON object',
  tooDeep: (p) => `${p.path} is nested deeper than ${STATE_LIMITS.maxDepth}`,
  tooManyKeys: (p) => `${p.path} has too many keys`,
  invalidKey: (p) => `invalid key "${p.path}"`,
  notFinite: (p) => `${p.path} is not a finite number`,
  tooLong: (p) => `${p.path} is longer than allowed`,
  tooManyItems: (p) => `${p.path} has too many items`,
  notJson: (p) => `${p.path} is not a JSON value`,
};

/** Checks that `value` is a state patch within the limits; `null` values (deletions) are allowed. */
export function checkStatePatch(value: unknown): PatchCheck {
  const problem = isJsonObject(value) ? objectProblem(value, 1, '') : ({ reason: 'notObject', path: 'state' } as const);
  return problem ? { ok: false, message: MESSAGES[problem.reason](problem), ...problem } : { ok: true, patch: value as JsonObject };
}

function objectProblem(object: JsonObject, depth: number, path: string): PatchProblem | undefined {
  if (depth > STATE_LIMITS.maxDepth) return { reason: 'tooDeep', path: path || 'state', max: STATE_LIMITS.maxDepth };
  const keys = Object.keys(object);
  if (keys.length > STATE_LIMITS.maxKeysPerObject)
    return { reason: 'tooManyKeys', path: path || 'state', max: STATE_LIMITS.maxKeysPerObject };
  for (const key of keys) {
    const at = path ? `${path}.${key}` : key;
    if (!STATE_KEY_PATTERN.test(key) || key === PROTOTYPE_KEY) return { reason: 'invalidKey', path: at };
    const problem = valueProblem(object[key], depth, at);
    if (problem) return problem;
  }
  return undefined;
}

function valueProblem(value: unknown, depth: number, path: string): PatchProblem | undefined {
  if (value === null || typeof value === 'boolean') return undefined;
  if (typeof value === 'number') return Number.isFinite(value) ? undefined : { reason: 'notFinite', path };
  if (typeof value === 'string') {
    return value.length <= STATE_LIMITS.maxStringLength ? undefined : { reason: 'tooLong', path, max: STATE_LIMITS.maxStringLength };
  }
  if (Array.isArray(value)) {
    if (value.length > STATE_LIMITS.maxArrayLength) return { reason: 'tooManyItems', path, max: STATE_LIMITS.maxArrayLength };
    for (let i = 0; i < value.length; i++) {
      const problem = valueProblem(value[i], depth + 1, `${path}[${i}]`);
      if (problem) return problem;
    }
    return undefined;
  }
  if (isJsonObject(value)) return objectProblem(value, depth + 1, path);
  return { reason: 'notJson', path };
}
