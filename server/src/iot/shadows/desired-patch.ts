// The shadow document's rules for a desired patch, in the order a client can act on them (size, depth,
// then content), and the answers a refused desired write gets: 413 for a document too large, 400 else.
import { ApiError } from '../../http/errors';
import type { JsonObject } from './json';
import { jsonBytes, nestingDepth, SHADOW_LIMITS, ShadowLimitError } from './shadow-limits';
import { checkStatePatch } from './state-patch';

const tooDeep = (message: string) =>
  new ApiError(400, 'ShadowDocumentInvalid', message, {
    reason: 'tooDeep',
    path: 'state',
    max: SHADOW_LIMITS.maxDepth,
    maxDepth: SHADOW_LIMITS.maxDepth,
  });
const tooLarge = (message: string) => new ApiError(413, 'PayloadTooLarge', message, { limitBytes: SHADOW_LIMITS.maxSectionBytes });

export function checkDesiredPatch(patch: JsonObject): void {
  const bytes = jsonBytes(patch);
  if (bytes > SHADOW_LIMITS.maxSectionBytes) {
    throw tooLarge(`The desired document is ${bytes} bytes; the limit is ${SHADOW_LIMITS.maxSectionBytes}`);
  }
  if (nestingDepth(patch) > SHADOW_LIMITS.maxDepth) {
    throw tooDeep(`The desired document is nested deeper than ${SHADOW_LIMITS.maxDepth} levels`);
  }
  const check = checkStatePatch(patch);
  if (!check.ok) {
    const { reason, path, max } = check;
    throw new ApiError(400, 'ShadowDocumentInvalid', check.message, { reason, path, ...(max === undefined ? {} : { max }) });
  }
}

/** The answer to a desired write the store refused for the document's limits. */
export const shadowLimitAnswer = (error: ShadowLimitError): ApiError =>
  error.limit === 'tooLarge' ? tooLarge(error.message) : tooDeep(error.message);
