// The plants table and the plant switcher at fleet size: the server cuts pages and searches, so both
// sides agree on how big a page may be.

/** Rows a page of the plants table may hold; the table offers these sizes. */
export const FLEET_PAGE_SIZES = [10, 25, 50, 100] as const;
export const FLEET_PAGE_SIZE_MAX = 100;
/** Longest search text (longer than any plant name could match). */
export const PLANT_SEARCH_MAX = 200;
/** Most plants one plant/list call answers when it is given a limit (the switcher asks for a few dozen). */
export const PLANT_LIST_LIMIT_MAX = 500;
/**
 * Most plants one page of the device registry (hono/plants/find with pageSize) holds: an API client
 * walks a fleet of thousands in pages of about 360 KB instead of one answer of megabytes.
 */
export const REGISTRY_PAGE_SIZE_MAX = 1000;
/**
 * The page hono/plants/find answers without pageSize; the answer's header REGISTRY_TOTAL_HEADER says
 * how many plants match in all. As device registries page their searches (Hono's own device search,
 * AWS IoT's ListThings): the whole list of a 10,000-plant fleet is 3.6 MB, which no one call can
 * build, send and parse in 50 ms.
 */
export const REGISTRY_PAGE_SIZE_DEFAULT = 100;
/** The answer header of hono/plants/find that counts every plant matching the filter, on all pages. */
export const REGISTRY_TOTAL_HEADER = 'x-total-count';
/** The plants table's columns, each of which it sorts by. */
export const FLEET_SORT_COLUMNS = ['name', 'location', 'pvPeakKw', 'batteryKwh', 'todayEnergyKwh', 'status'] as const;
export type FleetSortColumn = (typeof FLEET_SORT_COLUMNS)[number];

/** How plant searches compare text: lower case, without diacritics ("plzen" finds "Plzeň"). */
export function foldForSearch(text: string): string {
  return text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
}
