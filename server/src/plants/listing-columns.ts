// The columns plant lists sort and search by, kept beside a plant's name and location whenever they
// are written: the Czech sort key of each (name-order.ts), and each folded for search (lower case,
// no diacritics: "plzen" finds "Plzeň"). With them the database sorts, searches and pages a fleet
// of any size; without them every list would be read whole and sorted here.
import { foldForSearch } from '@helio/contracts';
import { czechSortKey } from './name-order';

export interface PlantListingColumns {
  name_sort: string;
  location_sort: string;
  name_search: string;
  location_search: string;
}

export function plantListingColumns(plant: { name: string; location: string }): PlantListingColumns {
  return {
    name_sort: czechSortKey(plant.name),
    location_sort: czechSortKey(plant.location),
    name_search: foldForSearch(plant.name),
    location_search: foldForSearch(plant.location),
  };
}

/** A search text as the folded columns hold it, ready for LIKE: its own % and _ escaped with \. */
export function searchPattern(search: string): string {
  return `%${foldForSearch(search.trim()).replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
}
