// The product's modules (SPEC §1, §6). A user's `modules` list enables them; routes of a module are
// refused to users without it.
export const MODULE_KEYS = [
  'ems', 'rc', 'fep', 'ev', 'notifications', 'monitoring', 'management', 'integrations', 'analytics',
] as const;

export type ModuleKey = (typeof MODULE_KEYS)[number];

export function isModuleKey(value: string): value is ModuleKey {
  return (MODULE_KEYS as readonly string[]).includes(value);
}
