// The fixed tag palette (the server accepts these keys only): Blueprint's colour families, shade 3,
// which keeps white text readable on the light and the dark theme.
import { Colors } from '@blueprintjs/core';
import type { TagColour } from '@helio/shared-utils';

export const TAG_PALETTE: Record<TagColour, string> = {
  blue: Colors.BLUE3,
  green: Colors.GREEN3,
  orange: Colors.ORANGE3,
  red: Colors.RED3,
  vermilion: Colors.VERMILION3,
  rose: Colors.ROSE3,
  violet: Colors.VIOLET3,
  indigo: Colors.INDIGO3,
  cerulean: Colors.CERULEAN3,
  turquoise: Colors.TURQUOISE3,
  forest: Colors.FOREST3,
  lime: Colors.LIME3,
  gold: Colors.GOLD3,
  sepia: Colors.SEPIA3,
  gray: Colors.GRAY3,
};

export const TAG_COLOUR_KEYS = Object.keys(TAG_PALETTE) as TagColour[];
