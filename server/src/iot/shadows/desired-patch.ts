// The shadow document's rules for a desired patch, in the order a client can act on them (size, depth,
// then content), and the answers a refused desired write gets: 413 for a document too large, 400 else.
import { ApiError, badRequest } from '../../http/errors';
import type { JsonObject } from './json';
import { jsonBytes, nestingDepth, SHADOW_LIMITS, ShadowLimitError } from './shadow-limits';
import { checkStatePatch } from './state-patch';

const tooLarge = (message: string) => new ApiError(413, 'PayloadTooLarge', message, { limitBytes: SHADOW_LIMITS.maxSectionBytes });

export function checkDesiredPatch(patch: JsonObject): void {
  const bytes = jsonBytes(patch);
  if (bytes > SHADOW_LIMITS.maxSectionBytes) {
    throw tooLarge(`The desired document is ${bytes} bytes; the limit is ${SHADOW_LIMITS.maxSectionBytes}`);
  }
  if (nestingDepth(patch) > SHADOW_LIMITS.maxDepth) {
    throw badRequest(`The desired document is nested deeper than ${SHADOW_LIMITS.maxDepth} levels`, { maxDepth: SHADOW_LIMITS.maxDepth });
  }
  const check = checkStatePatch(patch);
  if (!check.ok) throw badRequest(check.message);
}

/** The answer to a desired write the store refused for the document's limits. */
export const shadowLimitAnswer = (error: ShadowLimitError): ApiError =>
  error.limit === 'tooLarge' ? tooLarge(error.message) : badRequest(error.message);
