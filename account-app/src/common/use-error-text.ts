// errorTextOf, translated: the sentence a callout or toast shows for a failed call.
import { useTranslation } from 'react-i18next';
import { apiErrorText, type FieldLabels } from '@helio/shared-utils';
import { errorTextOf, SHARED_TEXT } from './api-error-text';

/** `fieldLabels`: the labels of the form that sent the call, so a refused field is named as the form names it. */
export function useErrorText(): (error: unknown, fieldLabels?: FieldLabels) => string {
  const { t } = useTranslation('account-app');
  return (error, fieldLabels) => {
    const { key, values } = errorTextOf(error);
    if (key === SHARED_TEXT) return apiErrorText(error, fieldLabels);
    return t(key, values ?? {});
  };
}
