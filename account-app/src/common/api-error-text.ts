// What a failed call means to the person who made it: the server's error code becomes a translated
// sentence that says what to do; unknown failures still show the server's own message.
import { ApiError } from '@helio/shared-utils';

export interface ErrorText {
  /** key in the account-app namespace */
  key: string;
  values?: Record<string, string | number>;
}

const detail = (error: ApiError, field: string): unknown =>
  error.details !== null && typeof error.details === 'object' ? (error.details as Record<string, unknown>)[field] : undefined;

export function errorTextOf(error: unknown): ErrorText {
  if (!(error instanceof ApiError)) return { key: 'errors.unexpected', values: { message: String(error) } };
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
      return { key: 'errors.conflict', values: { message: error.message } };
    }
    case 'Forbidden':
      return { key: 'errors.forbidden', values: { message: error.message } };
    case 'NotFound':
      return { key: 'errors.notFound' };
    default:
      return { key: 'errors.server', values: { message: error.message } };
  }
}
