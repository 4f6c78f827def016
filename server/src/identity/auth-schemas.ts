// JSON schemas and small answers shared by the user pool's routes.
import type { FastifyReply } from 'fastify';
import { ApiError, errorResponseSchema } from '../http/errors';
import { PASSWORD_MAX_LENGTH, PASSWORD_POLICY_MESSAGE, PASSWORD_POLICY_MESSAGE_KEY, checkPassword } from './password-policy';

export const emptyBody = { type: 'object', additionalProperties: false, properties: {} } as const;
export const errorResponses = { '4xx': errorResponseSchema, '5xx': errorResponseSchema };

export const usernameSchema = { type: 'string', minLength: 1, maxLength: 320 } as const;
/** Any length is accepted on the way in; the policy (and its message) decides, not a schema error. */
export const passwordSchema = { type: 'string', minLength: 1, maxLength: 1024 } as const;

export const tokenResponse = {
  type: 'object',
  required: ['idToken', 'accessToken', 'expiresIn'],
  properties: {
    idToken: { type: 'string' },
    accessToken: { type: 'string' },
    expiresIn: { type: 'integer' },
  },
} as const;

export const okResponse = { type: 'object', required: ['ok'], properties: { ok: { type: 'boolean' } } } as const;

/** 400 InvalidPassword carrying the policy's message key and the broken rules, for the browser to translate. */
export function assertPasswordPolicy(password: string): void {
  const check = checkPassword(password);
  if (!check.ok) {
    throw new ApiError(400, 'InvalidPassword', PASSWORD_POLICY_MESSAGE, {
      messageKey: PASSWORD_POLICY_MESSAGE_KEY,
      failures: check.failures,
    });
  }
}

export const passwordReused = (message: string) => new ApiError(400, 'InvalidPassword', message, { messageKey: 'passwordReused' });

/** A 429 with Retry-After (the lock ends by itself) and `retryAfterSeconds` in the details. */
export function lockedAnswer(
  reply: FastifyReply,
  retryAfterSeconds: number,
  code: string,
  message: (minutes: string) => string,
  details: Record<string, unknown> = {},
): ApiError {
  reply.header('Retry-After', String(retryAfterSeconds));
  const minutes = Math.ceil(retryAfterSeconds / 60);
  return new ApiError(429, code, message(`${minutes} minute${minutes === 1 ? '' : 's'}`), { retryAfterSeconds, ...details });
}

/** 429 TooManyAttempts with Retry-After; the lock ends by itself. */
export function tooManyAttempts(reply: FastifyReply, retryAfterSeconds: number): ApiError {
  return lockedAnswer(reply, retryAfterSeconds, 'TooManyAttempts', (wait) => `Too many failed attempts; try again in ${wait}`);
}
