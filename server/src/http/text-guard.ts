// Text in a request body may not hold the NUL character (PostgreSQL cannot store it, and no name,
// id or note needs it) nor half of a surrogate pair (not a character at all; it cannot be written as
// UTF-8). Refused with a 400 that names the field, before any route sees the body.
import type { FastifyInstance } from 'fastify';
import { badRequest } from './errors';

const BROKEN_TEXT = /\u0000|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/** The path of the first string (or object key) with broken text, or null when all are clean. */
export function brokenTextAt(value: unknown, path = ''): string | null {
  if (typeof value === 'string') return BROKEN_TEXT.test(value) ? path || '(body)' : null;
  if (value === null || typeof value !== 'object') return null;
  for (const [key, item] of Object.entries(value)) {
    const at = Array.isArray(value) ? `${path}[${key}]` : path ? `${path}.${key}` : key;
    if (BROKEN_TEXT.test(key)) return at;
    const found = brokenTextAt(item, at);
    if (found !== null) return found;
  }
  return null;
}

export function installTextGuard(app: FastifyInstance): void {
  app.addHook('preValidation', async (request) => {
    const field = brokenTextAt(request.body);
    if (field !== null) throw badRequest('Text may not contain the NUL character or a broken character', { field });
  });
}
