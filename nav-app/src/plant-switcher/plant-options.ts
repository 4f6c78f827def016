// Which plants the switcher offers: all of them, or with more than SEARCH_THRESHOLD a search over
// name, location and device name (accents and case ignored). The active plant always stays listed
// so the select keeps showing it.
import type { Plant } from '@helio/shared-utils';

export const SEARCH_THRESHOLD = 8;

export function isSearchable(plants: readonly Plant[]): boolean {
  return plants.length > SEARCH_THRESHOLD;
}

function fold(text: string): string {
  return text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
}

export function matchesQuery(plant: Plant, query: string): boolean {
  const wanted = fold(query.trim());
  if (wanted === '') return true;
  return [plant.name, plant.location, plant.thingName].some((field) => fold(field ?? '').includes(wanted));
}

export interface PlantOptions {
  options: Plant[];
  /** how many plants match the query (the active plant kept on top of a miss is not counted) */
  matchCount: number;
}

export function plantOptions(plants: readonly Plant[], query: string, activeId: string | null): PlantOptions {
  const matches = plants.filter((plant) => matchesQuery(plant, query));
  const active = plants.find((plant) => plant.id === activeId);
  const options = active && !matches.includes(active) ? [active, ...matches] : matches;
  return { options, matchCount: matches.length };
}
