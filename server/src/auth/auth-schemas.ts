// Small answers shared by the user pool's routes (their schemas are in @helio/contracts).
import type { FastifyReply } from 'fastify';
import { PASSWORD_POLICY_MESSAGE, PASSWORD_POLICY_MESSAGE_KEY, checkPassword, type ErrorCode } from '@helio/contracts';
import { ApiError } from '../http/errors';

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
  code: ErrorCode,
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
