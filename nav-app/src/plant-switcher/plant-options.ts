// Which plants the switcher offers: the first SWITCHER_LIMIT by name, or with more than
// SEARCH_THRESHOLD plants those the search finds (the server searches name, location and device name,
// accents and case ignored). The active plant always stays listed so the select keeps showing it.
import type { Plant } from '@helio/shared-utils';

export const SEARCH_THRESHOLD = 8;
/** The switcher lists at most this many plants; a search finds the others. */
export const SWITCHER_LIMIT = 50;

/** `plants`: the first plants by name, SWITCHER_LIMIT + 1 of them when there are that many. */
export function isSearchable(plants: readonly Plant[]): boolean {
  return plants.length > SEARCH_THRESHOLD;
}

export interface PlantOptions {
  options: Plant[];
  /** how many plants match the query (the active plant kept on top of a miss is not counted) */
  matchCount: number;
  /** more plants match than are listed */
  more: boolean;
}

/** `found`: the server's answer for the query, asked for one plant more than the switcher lists. */
export function plantOptions(found: readonly Plant[], active: Plant | null): PlantOptions {
  const matches = found.slice(0, SWITCHER_LIMIT);
  const options = active && !matches.some((plant) => plant.id === active.id) ? [active, ...matches] : matches;
  return { options, matchCount: matches.length, more: found.length > SWITCHER_LIMIT };
}
