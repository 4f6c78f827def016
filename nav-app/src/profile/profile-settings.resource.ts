// Saving the language and theme chosen in the profile menu to the user's profile
// (users/profile/update). Both apply at once; a failed save puts the previous choice back.
import {
  apiPost,
  applyTheme,
  queryClient,
  setLanguage,
  USERS_ME_KEY,
  type CurrentUser,
  type Language,
  type Theme,
} from '@helio/shared-utils';

async function saveProfile(body: { locale?: Language; preferences?: Record<string, unknown> }): Promise<void> {
  const saved = await apiPost('users/profile/update', body);
  queryClient.setQueryData<CurrentUser>(USERS_ME_KEY, saved);
}

/** Switches every app at once (they share one i18next), then remembers the choice in the profile. */
export async function saveLanguage(user: CurrentUser, language: Language): Promise<void> {
  await setLanguage(language);
  try {
    await saveProfile({ locale: language });
  } catch (error) {
    await setLanguage(user.locale);
    throw error;
  }
}

/** Applies the theme, then stores it in the profile's preferences (kept whole: the update replaces them). */
export async function saveTheme(user: CurrentUser, theme: Theme, previous: Theme): Promise<void> {
  applyTheme(theme);
  try {
    await saveProfile({ preferences: { ...user.preferences, theme } });
  } catch (error) {
    applyTheme(previous);
    throw error;
  }
}
