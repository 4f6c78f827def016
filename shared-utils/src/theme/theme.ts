// Light or dark interface (Blueprint's dark theme). The choice lives in the user's profile
// preferences so it follows the user; a copy in localStorage lets index.html apply it before the
// first paint, before the profile has loaded.
export type Theme = 'light' | 'dark';

/** Blueprint's dark-theme class (Classes.DARK), on <html> so portals (popovers, toasts) follow it. */
export const DARK_THEME_CLASS = 'bp6-dark';
/** localStorage key read by the inline script of index.html; keep the two in step. */
export const THEME_STORAGE_KEY = 'helio.theme';

/** The theme a profile's preferences ask for; light unless they say dark. */
export function themeOf(preferences: Record<string, unknown> | undefined): Theme {
  return preferences?.theme === 'dark' ? 'dark' : 'light';
}

export function applyTheme(
  theme: Theme,
  root: HTMLElement = document.documentElement,
  storage: Pick<Storage, 'setItem'> | null = typeof localStorage === 'undefined' ? null : localStorage,
): void {
  root.classList.toggle(DARK_THEME_CLASS, theme === 'dark');
  root.style.colorScheme = theme;
  try {
    storage?.setItem(THEME_STORAGE_KEY, theme);
  } catch {
    // storage blocked: the theme still applies once the profile has loaded
  }
}
