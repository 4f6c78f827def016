// The interface languages; Czech is the default and the fallback.
export const LANGUAGES = ['cs', 'en'] as const;
export type Language = (typeof LANGUAGES)[number];
