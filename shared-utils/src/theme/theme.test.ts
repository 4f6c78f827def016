import { applyTheme, DARK_THEME_CLASS, THEME_STORAGE_KEY, themeOf } from './theme';

describe('themeOf', () => {
  it('is dark only when the preferences say so', () => {
    expect(themeOf({ theme: 'dark' })).toBe('dark');
    expect(themeOf({ theme: 'light' })).toBe('light');
    expect(themeOf({ theme: 42 })).toBe('light');
    expect(themeOf({})).toBe('light');
    expect(themeOf(undefined)).toBe('light');
  });
});

describe('applyTheme', () => {
  it('puts the dark class on the root element, remembers the choice and takes it off again', () => {
    const root = document.createElement('html');
    const saved = new Map<string, string>();
    const storage = { setItem: (key: string, value: string) => void saved.set(key, value) };
    applyTheme('dark', root, storage);
    expect(root.classList.contains(DARK_THEME_CLASS)).toBe(true);
    expect(root.style.colorScheme).toBe('dark');
    expect(saved.get(THEME_STORAGE_KEY)).toBe('dark');
    applyTheme('light', root, storage);
    expect(root.classList.contains(DARK_THEME_CLASS)).toBe(false);
    expect(saved.get(THEME_STORAGE_KEY)).toBe('light');
  });

  it('still applies when storage is blocked', () => {
    const root = document.createElement('html');
    const blocked = {
      setItem: () => {
        throw new Error('SecurityError');
      },
    };
    applyTheme('dark', root, blocked);
    expect(root.classList.contains(DARK_THEME_CLASS)).toBe(true);
  });
});
