// Translation loading as the product fixes it: the paths, up to 10 parallel reads, 5 retries
// starting at 350 ms and doubling (i18next's backend connector does the retrying).
export const LOADER_OPTIONS = {
  loadPath: '/locales/{{lng}}/{{ns}}.json',
  addPath: '/locales/add/{{lng}}/{{ns}}',
  maxParallelReads: 10,
  maxRetries: 5,
  retryTimeout: 350,
} as const;

import { LANGUAGES, type Language } from '@helio/contracts/limits';

export { LANGUAGES, type Language };
export const DEFAULT_LANGUAGE: Language = 'cs';
