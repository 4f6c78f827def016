// The plants table's state: search, status and tag filters, the sorted column and the page. The server
// searches, filters, sorts and cuts the fleet (plant/fleet/page); this turns the table's state into
// that request.
import { FLEET_PAGE_SIZES } from '@helio/contracts/limits';
import type { FleetPageRequest, FleetSortColumn } from '@helio/shared-utils';

export type PlantStatus = 'online' | 'offline';
export type SortColumn = FleetSortColumn;

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

export const PAGE_SIZES = FLEET_PAGE_SIZES;
export const FIRST_QUERY: TableQuery = { search: '', status: 'all', tag: 'all', sort: 'name', descending: false, page: 0, pageSize: 25 };

/** Clicking the sorted column flips the direction; another column sorts ascending from page one. */
export function sortBy(query: TableQuery, column: SortColumn): TableQuery {
  return { ...query, sort: column, descending: query.sort === column ? !query.descending : false, page: 0 };
}

/** The filter part of the table's state, as the server takes it (also for "select all matching"). */
export function fleetFilter(query: Pick<TableQuery, 'search' | 'status' | 'tag'>): NonNullable<FleetPageRequest['filter']> {
  const search = query.search.trim();
  return {
    ...(search === '' ? {} : { search }),
    ...(query.status === 'all' ? {} : { status: query.status }),
    ...(query.tag === 'all' ? {} : { tag: query.tag }),
  };
}

export function pageRequest(query: TableQuery): FleetPageRequest {
  return { filter: fleetFilter(query), sort: query.sort, descending: query.descending, page: query.page, pageSize: query.pageSize };
}
