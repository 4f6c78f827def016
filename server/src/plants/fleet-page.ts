// The plants table's data (plant/fleet/page, plant/fleet/ids): the server searches, filters, sorts and
// cuts the fleet (iot/registry/fleet-query.ts), so a table over 10,000 plants moves one page of
// rows and a count; "select all matching" gets the ids alone.
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import type { GatewayConnectionsView } from '../iot/mqtt/gateway-status';
import { fleetCount, fleetOrder, fleetPageIds, fleetQuery, type FleetFilter as QueryFilter } from '../iot/registry/fleet-query';
import { iso } from '../iot/registry/registry';
import { tagIdsByPlant } from '../tags/tags';
import type { FleetFilter, FleetPage, FleetPageRequest, FleetPlant } from '@helio/contracts';
import type { PlantCaller } from './access';
import { toPlant } from './plant-list';

export const DEFAULT_PAGE_SIZE = 25;

const queryFilter = (filter: FleetFilter = {}): QueryFilter => ({ name: filter.search, status: filter.status, tag: filter.tag });

export async function fleetPage(
  db: Kysely<Database>,
  caller: PlantCaller,
  gateways: GatewayConnectionsView,
  request: FleetPageRequest,
  now = Date.now(),
): Promise<FleetPage> {
  const fleet = await fleetQuery({ db, caller, gateways, now }, queryFilter(request.filter));
  const pageSize = request.pageSize ?? DEFAULT_PAGE_SIZE;
  // A page's rows and its plants' tag links side by side, each picking the page's ids itself.
  const pageOf = (page: number) => {
    const ids = fleetPageIds(fleet, pageSize, page * pageSize, request.sort, request.descending);
    return Promise.all([
      fleetOrder(fleet, request.sort, request.descending)
        .select(['plants.id', 'plants.name', 'plants.thing_name', 'plants.location', 'plants.latitude', 'plants.longitude'])
        .select(['plants.timezone', 'plants.pv_peak_kw', 'plants.battery_kwh', 'plants.charger_kw', 'plants.grid_export_limit_kw'])
        .select(['gateway_reports.last_reported_at', 'today.energy_wh', fleet.online.as('online')])
        .where('plants.id', 'in', ids)
        .execute(),
      tagIdsByPlant(db, caller.tenantId, ids),
    ]);
  };
  const asked = request.page ?? 0;
  const [total, askedPage] = await Promise.all([fleetCount(fleet), pageOf(asked)]);
  const pageCount = Math.max(1, Math.ceil(total / pageSize));
  // Past the last page (the filter left fewer plants than the table was paged to): the last page.
  const page = Math.min(asked, pageCount - 1);
  const [shown, tagIds] = page === asked ? askedPage : await pageOf(page);
  const plants = shown.map((row): FleetPlant => ({
    ...toPlant(row),
    status: Number(row.online) === 1 ? 'online' : 'offline',
    lastSeen: iso(row.last_reported_at === null ? null : Number(row.last_reported_at)),
    tagIds: tagIds.get(row.id) ?? [],
    todayEnergyKwh: row.energy_wh === null ? null : Number(row.energy_wh) / 1000,
  }));
  return { plants, total, page, pageCount };
}

/** Every plant matching the filter, by id, for "select all matching". */
export async function fleetIds(
  db: Kysely<Database>,
  caller: PlantCaller,
  gateways: GatewayConnectionsView,
  filter: FleetFilter | undefined,
  now = Date.now(),
): Promise<string[]> {
  const { query } = await fleetQuery({ db, caller, gateways, now }, queryFilter(filter));
  return (await query.select('plants.id').execute()).map((row) => row.id);
}
