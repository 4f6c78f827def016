// The product's modules. A user's `modules` list enables them; the server refuses a module's routes
// to users without it, and the console shows its menu entry disabled.
export const MODULE_KEYS = ['ems', 'rc', 'fep', 'ev', 'notifications', 'monitoring', 'management', 'integrations', 'analytics'] as const;

export type ModuleKey = (typeof MODULE_KEYS)[number];

export function isModuleKey(value: string): value is ModuleKey {
  return (MODULE_KEYS as readonly string[]).includes(value);
}
