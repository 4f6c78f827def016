// Small answers shared by the user pool's routes (their schemas are in @helio/contracts).
import type { FastifyReply } from 'fastify';
import { PASSWORD_POLICY_MESSAGE, PASSWORD_POLICY_MESSAGE_KEY, checkPassword } from '@helio/contracts';
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

/** 429 TooManyAttempts with Retry-After; the lock ends by itself. */
export function tooManyAttempts(reply: FastifyReply, retryAfterSeconds: number): ApiError {
  reply.header('Retry-After', String(retryAfterSeconds));
  const minutes = Math.ceil(retryAfterSeconds / 60);
  return new ApiError(
    429,
    'TooManyAttempts',
    `Too many failed attempts; try again in ${minutes} minute${minutes === 1 ? '' : 's'}`,
    { retryAfterSeconds },
  );
}
