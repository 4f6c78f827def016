// What a failed call means to the person who made it: the account codes become a sentence of this app
// that says what to do; every other failure is left to the console's shared sentence (apiErrorText).
import { ApiError } from '@helio/shared-utils';

export interface ErrorText {
  /** key in the account-app namespace, or SHARED_TEXT: the console's shared sentence for the code */
  key: string;
  values?: Record<string, string | number>;
}

/** No sentence of this app: apiErrorText (shared-utils) translates the code and its details. */
export const SHARED_TEXT = 'shared';

const detail = (error: ApiError, field: string): unknown =>
  error.details !== null && typeof error.details === 'object' ? (error.details as Record<string, unknown>)[field] : undefined;

export function errorTextOf(error: unknown): ErrorText {
  if (!(error instanceof ApiError)) return { key: SHARED_TEXT };
  switch (error.code) {
    case 'NetworkError':
      return { key: 'errors.network' };
    case 'LastAdministrator':
      return { key: 'errors.lastAdministrator' };
    case 'UserExists':
      return { key: 'errors.userExists' };
    case 'RoleExists':
      return { key: 'errors.roleExists' };
    case 'BuiltInRole':
      return { key: 'errors.builtInRole' };
    case 'IncorrectPassword':
      return { key: 'errors.incorrectPassword' };
    case 'InvalidPassword':
      return { key: detail(error, 'messageKey') === 'passwordReused' ? 'errors.passwordReused' : 'errors.passwordPolicy' };
    case 'TooManyAttempts': {
      const seconds = Number(detail(error, 'retryAfterSeconds'));
      return { key: 'errors.tooManyAttempts', values: { minutes: Number.isFinite(seconds) ? Math.max(1, Math.ceil(seconds / 60)) : 15 } };
    }
    case 'Conflict': {
      const userCount = detail(error, 'userCount');
      if (typeof userCount === 'number') return { key: 'errors.roleAssigned', values: { count: userCount } };
      return { key: SHARED_TEXT };
    }
    case 'NotFound':
      return { key: 'errors.notFound' };
    default:
      return { key: SHARED_TEXT };
  }
}
