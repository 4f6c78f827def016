// The profile form's rules: the draft it edits, what makes it invalid, and the smallest change set
// to send (unchanged fields are not sent, an emptied picture removes it).
import type { CurrentUser, ProfileChanges } from '@helio/shared-utils';

export interface ProfileDraft {
  name: string;
  family_name: string;
  picture: string;
}

export type ProfileField = keyof ProfileDraft;
export type ProfileProblem = 'required' | 'tooLong' | 'pictureUrl';

export const NAME_MAX = 100;
/** The server also takes inline images; the form offers a web address. */
const PICTURE_URL = /^https?:\/\/\S+$/i;

export function draftOf(user: Pick<CurrentUser, 'name' | 'family_name' | 'picture'>): ProfileDraft {
  return { name: user.name, family_name: user.family_name, picture: user.picture ?? '' };
}

export function profileProblems(draft: ProfileDraft): Partial<Record<ProfileField, ProfileProblem>> {
  const problems: Partial<Record<ProfileField, ProfileProblem>> = {};
  for (const field of ['name', 'family_name'] as const) {
    const value = draft[field].trim();
    if (value === '') problems[field] = 'required';
    else if (value.length > NAME_MAX) problems[field] = 'tooLong';
  }
  const picture = draft.picture.trim();
  if (picture !== '' && !PICTURE_URL.test(picture) && !picture.startsWith('data:image/')) problems.picture = 'pictureUrl';
  return problems;
}

export function profileChanges(user: Pick<CurrentUser, 'name' | 'family_name' | 'picture'>, draft: ProfileDraft): ProfileChanges {
  const changes: ProfileChanges = {};
  if (draft.name.trim() !== user.name) changes.name = draft.name.trim();
  if (draft.family_name.trim() !== user.family_name) changes.family_name = draft.family_name.trim();
  const picture = draft.picture.trim() === '' ? null : draft.picture.trim();
  if (picture !== user.picture) changes.picture = picture;
  return changes;
}

/** Initials for the avatar when there is no picture: "Jana Nováková" → "JN". */
export function initialsOf(name: string, familyName: string): string {
  return `${[...name.trim()][0] ?? ''}${[...familyName.trim()][0] ?? ''}`.toUpperCase() || '?';
}
