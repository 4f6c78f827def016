// What a failed integrations call means to the person who made it: the server's error code and its
// parameters become a translated sentence saying what to do; any other failure gets the console's shared sentence (apiErrorText).
import type { TFunction } from 'i18next';
import { ApiError, apiErrorText } from '@helio/shared-utils';

const detailsOf = (error: ApiError): Record<string, unknown> =>
  error.details !== null && typeof error.details === 'object' ? (error.details as Record<string, unknown>) : {};

export function errorText(t: TFunction, error: unknown): string {
  if (!(error instanceof ApiError)) return apiErrorText(error);
  const details = detailsOf(error);
  switch (error.code) {
    case 'KeyExceedsCreator':
      return t('errors.keyExceedsCreator', {
        scope: t(`keys.scopeNames.${String(details.scope)}`),
        permissions: Array.isArray(details.permissions) ? details.permissions.join(', ') : '',
      });
    case 'HistoryBadLines': {
      const [first] = Array.isArray(details.errors) ? (details.errors as Array<{ line?: unknown }>) : [];
      return t('errors.historyBadLines', { count: Number(details.errorCount) || 0, line: String(first?.line ?? '—') });
    }
    case 'RedeliveryPending':
      return t('errors.redeliveryPending');
    case 'TooManyRedeliveries':
      return t('errors.tooManyRedeliveries', { max: Number(details.max) || 0 });
    default:
      return apiErrorText(error);
  }
}
