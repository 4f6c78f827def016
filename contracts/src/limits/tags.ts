// Plant tags: the colours a tag may take and how long its name may be. Plain values (no schema
// library) so browser bundles take them without the schema runtime.

/** Blueprint's extended colour families: each reads on the light and the dark theme. */
export const TAG_COLOURS = [
  'blue',
  'green',
  'orange',
  'red',
  'vermilion',
  'rose',
  'violet',
  'indigo',
  'cerulean',
  'turquoise',
  'forest',
  'lime',
  'gold',
  'sepia',
  'gray',
] as const;
export type TagColour = (typeof TAG_COLOURS)[number];

export const TAG_NAME_MAX = 40;
/** A bulk assignment covers a whole fleet page of plants and a handful of tags. */
export const MAX_BULK_PLANTS = 2000;
export const MAX_BULK_TAGS = 100;
