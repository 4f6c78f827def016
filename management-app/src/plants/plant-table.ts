// The plants table's rules: each plant with its gateway's status, tags and today's energy, then search
// by name, filter by status and tag, sort by a column and cut into pages. Pure, so 1,000 plants are one
// array pass each.
import type { Plant, RegistryPlant } from '@helio/shared-utils';

export type PlantStatus = 'online' | 'offline';

export interface PlantRow extends Plant {
  status: PlantStatus;
  lastSeen: string | null;
  tagIds: string[];
  /** PV energy since the start of the plant's own day; null without data today. */
  todayEnergyKwh: number | null;
}

export type SortColumn = 'name' | 'location' | 'pvPeakKw' | 'batteryKwh' | 'todayEnergyKwh' | 'status';

export interface TableQuery {
  search: string;
  status: PlantStatus | 'all';
  /** A tag id, or 'all'. */
  tag: string;
  sort: SortColumn;
  descending: boolean;
  page: number;
  pageSize: number;
}

export const PAGE_SIZES = [10, 25, 50, 100] as const;
export const FIRST_QUERY: TableQuery = { search: '', status: 'all', tag: 'all', sort: 'name', descending: false, page: 0, pageSize: 25 };

/** A plant the registry does not know yet has never reported: offline. */
export function plantRows(plants: readonly Plant[], registry: readonly RegistryPlant[]): PlantRow[] {
  const byId = new Map(registry.map((r) => [r.id, r]));
  return plants.map((plant) => {
    const gateway = byId.get(plant.id);
    return {
      ...plant,
      status: gateway?.status ?? 'offline',
      lastSeen: gateway?.lastSeen ?? null,
      tagIds: gateway?.tagIds ?? [],
      todayEnergyKwh: gateway?.todayEnergyKwh ?? null,
    };
  });
}

const collator = new Intl.Collator('cs', { sensitivity: 'base' });
/** Case and diacritics do not matter: "plzen" finds "Plzeň". */
const fold = (text: string) =>
  text
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase();

function compare(a: PlantRow, b: PlantRow, column: SortColumn): number {
  if (column === 'name' || column === 'location' || column === 'status') return collator.compare(a[column], b[column]);
  // Plants without a battery (or without data today) sort before the smallest one.
  return (a[column] ?? -1) - (b[column] ?? -1);
}

export interface TablePage {
  rows: PlantRow[];
  /** Rows matching search and filter, over all pages. */
  total: number;
  pageCount: number;
  /** The page shown: the asked one, moved back when the filter left fewer pages. */
  page: number;
}

export function tablePage(rows: readonly PlantRow[], query: TableQuery): TablePage {
  const needle = fold(query.search.trim());
  const matching = rows.filter(
    (row) =>
      (needle === '' || fold(row.name).includes(needle)) &&
      (query.status === 'all' || row.status === query.status) &&
      (query.tag === 'all' || row.tagIds.includes(query.tag)),
  );
  const sorted = [...matching].sort((a, b) => (query.descending ? -1 : 1) * compare(a, b, query.sort) || collator.compare(a.name, b.name));
  const pageCount = Math.max(1, Math.ceil(sorted.length / query.pageSize));
  const page = Math.min(Math.max(0, query.page), pageCount - 1);
  return { rows: sorted.slice(page * query.pageSize, (page + 1) * query.pageSize), total: sorted.length, pageCount, page };
}

/** Clicking the sorted column flips the direction; another column sorts ascending from page one. */
export function sortBy(query: TableQuery, column: SortColumn): TableQuery {
  return { ...query, sort: column, descending: query.sort === column ? !query.descending : false, page: 0 };
}

/** Ids of every row the search and filters match, over all pages (for "select all"). */
export function matchingIds(rows: readonly PlantRow[], query: TableQuery): string[] {
  return tablePage(rows, { ...query, page: 0, pageSize: Number.MAX_SAFE_INTEGER }).rows.map((row) => row.id);
}
