// The labels the plant settings and the new-plant dialog give their fields, by the field names the API
// uses: a refusal (PlantSettingsInvalid, a schema check) names the field as the form does.
import type { TFunction } from 'i18next';
import { SETTING_FIELDS } from '@helio/contracts/limits';
import type { FieldLabels } from '@helio/shared-utils';

export const settingFieldLabels = (t: TFunction): FieldLabels =>
  Object.fromEntries(SETTING_FIELDS.map((field) => [field, t(`fields.${field}`)]));
