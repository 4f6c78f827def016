// errorTextOf, translated: the sentence a callout or toast shows for a failed call.
import { useTranslation } from 'react-i18next';
import { apiErrorText } from '@helio/shared-utils';
import { errorTextOf, SHARED_TEXT } from './api-error-text';

export function useErrorText(): (error: unknown) => string {
  const { t } = useTranslation('account-app');
  return (error) => {
    const { key, values } = errorTextOf(error);
    if (key === SHARED_TEXT) return apiErrorText(error);
    return t(key, values ?? {});
  };
}
