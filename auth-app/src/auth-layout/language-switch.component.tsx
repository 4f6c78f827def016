// Czech / English before signing in; once signed in the profile's locale decides.
import { SegmentedControl } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { setLanguage } from '@helio/shared-utils';

type Language = 'cs' | 'en';
const LANGUAGES: Language[] = ['cs', 'en'];

export function LanguageSwitch() {
  const { t, i18n } = useTranslation('auth-app');
  const current = LANGUAGES.find((lng) => lng === i18n.resolvedLanguage) ?? 'cs';
  return (
    <div role="group" aria-label={t('language')}>
      <SegmentedControl
        size="small"
        value={current}
        options={LANGUAGES.map((lng) => ({ value: lng, label: t(`common:language.${lng}`) }))}
        onValueChange={(value) => {
          const lng = LANGUAGES.find((l) => l === value);
          if (lng) setLanguage(lng).catch(console.error);
        }}
      />
    </div>
  );
}
