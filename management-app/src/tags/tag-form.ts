// The tag form's rule, before the server's: a name that shows something, at most TAG_NAME_MAX
// characters, and not one the organisation already has (case and surrounding spaces do not count).
import { TAG_NAME_MAX } from '@helio/contracts/limits';
import type { PlantTag } from '@helio/shared-utils';

export { TAG_NAME_MAX };

export type TagNameProblem = 'required' | 'tooLong' | 'taken';

const key = (name: string) => name.trim().toLocaleLowerCase('cs');

export function tagNameProblem(name: string, tags: readonly PlantTag[], editingId?: string): TagNameProblem | null {
  const trimmed = name.trim();
  if (trimmed === '') return 'required';
  if (trimmed.length > TAG_NAME_MAX) return 'tooLong';
  if (tags.some((tag) => tag.id !== editingId && key(tag.name) === key(trimmed))) return 'taken';
  return null;
}

const collator = new Intl.Collator('cs', { sensitivity: 'base' });

/** Tags in the order of their names, the Czech way. */
export function byTagName(tags: readonly PlantTag[]): PlantTag[] {
  return [...tags].sort((a, b) => collator.compare(a.name, b.name));
}
