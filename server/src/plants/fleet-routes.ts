// POST /api/plant/fleet/summary {}: the fleet dashboard's figures for the caller's tenant;
// POST /api/plant/fleet/page {filter, sort, descending, page, pageSize}: one page of the plants table;
// POST /api/plant/fleet/ids {filter}: every matching plant's id ("select all matching").
import type { ApiHandlers } from '../http/api-module';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import type { DeviceServices } from '../iot/services';
import { fleetIds, fleetPage } from './fleet-page';
import { fleetSummary } from './fleet-summary';

export function fleetHandlers({ db, devices }: { db: Kysely<Database>; devices: DeviceServices }): ApiHandlers {
  return {
    'plant/fleet/summary': (request) => fleetSummary(db, request.user, devices.gateways),
    'plant/fleet/page': (request) => fleetPage(db, request.user, devices.gateways, request.body),
    'plant/fleet/ids': async (request) => ({ ids: await fleetIds(db, request.user, devices.gateways, request.body.filter) }),
  };
}
