// The profile menu's language (cs/en) and light/dark theme choices, saved to the user's profile.
// Radio-style menu items: they live inside Blueprint's role="menu" list.
import React from 'react';
import { useTranslation } from 'react-i18next';
import { MenuDivider, MenuItem } from '@blueprintjs/core';
import { showToast, themeOf, type CurrentUser, type Language, type Theme } from '@helio/shared-utils';
import { saveLanguage, saveTheme } from './profile-settings.resource';

const LANGUAGES: readonly Language[] = ['cs', 'en'];
const THEMES: ReadonlyArray<{ theme: Theme; icon: 'flash' | 'moon' }> = [
  { theme: 'light', icon: 'flash' },
  { theme: 'dark', icon: 'moon' },
];

export function ProfileSettings({ user }: { user: CurrentUser }) {
  const { t, i18n } = useTranslation('nav-app');
  const language = i18n.language === 'en' ? 'en' : 'cs';
  const theme = themeOf(user.preferences);
  const failed = (error: unknown) => {
    console.error(error);
    showToast({ intent: 'danger', icon: 'error', message: t('profile.saveFailed') });
  };

  return (
    <>
      <MenuDivider title={t('profile.language')} />
      {LANGUAGES.map((lng) => (
        <MenuItem
          key={lng}
          role="menuitemradio"
          aria-checked={language === lng}
          lang={lng}
          icon={language === lng ? 'tick' : 'blank'}
          text={t(`profile.languages.${lng}`)}
          shouldDismissPopover={false}
          onClick={() => language !== lng && saveLanguage(user, lng).catch(failed)}
          data-testid={`language-${lng}`}
        />
      ))}
      <MenuDivider title={t('profile.theme')} />
      {THEMES.map((option) => (
        <MenuItem
          key={option.theme}
          role="menuitemradio"
          aria-checked={theme === option.theme}
          icon={theme === option.theme ? 'tick' : option.icon}
          text={t(`profile.themes.${option.theme}`)}
          shouldDismissPopover={false}
          onClick={() => theme !== option.theme && saveTheme(user, option.theme, theme).catch(failed)}
          data-testid={`theme-${option.theme}`}
        />
      ))}
    </>
  );
}
