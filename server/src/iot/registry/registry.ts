// The device registry view of a tenant's plants: each plant's gateway, whether it is online, when it
// was last heard from, what the broker says about its connection, its firmware and shadow version.
// Read from columns (fleet-query.ts): no shadow document is parsed.
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import type { PlantCaller } from '../../plants/access';
import { GATEWAY_OFFLINE_MS } from '../../notifications/conditions';
import { tagIdsByPlant } from '../../tags/tags';
import { gatewayUsername } from '../mqtt/gateway-credentials';
import type { GatewayStatus, RegistryFilter, RegistryPlant } from '@helio/contracts';
import type { GatewayConnection, GatewayConnectionsView } from '../mqtt/gateway-status';
import { fleetCount, fleetOrder, fleetPageIds, fleetQuery, type FleetQuery } from './fleet-query';

export type { GatewayStatus, RegistryFilter, RegistryPlant };

/**
 * Offline when the broker says the connection is gone (its last will) or, the alert engine's rule,
 * when nothing was reported for GATEWAY_OFFLINE_MS.
 */
export function gatewayStatus(lastSeenMs: number | null, connection: GatewayConnection | undefined, now: number): GatewayStatus {
  if (connection && !connection.connected) return 'offline';
  return lastSeenMs !== null && now - lastSeenMs <= GATEWAY_OFFLINE_MS ? 'online' : 'offline';
}

export const iso = (ms: number | null): string | null => (ms === null ? null : new Date(ms).toISOString());

/** One page of the list: `size` plants after `offset` pages. */
export interface RegistryPage {
  size: number;
  offset: number;
}

type RegistryFind = RegistryFilter & { id?: string };

/** The plants of the registry matching the filter, by name (Czech order): one plant when asked by id (hono/plants/get). */
export async function findRegistryPlants(
  db: Kysely<Database>,
  caller: PlantCaller,
  gateways: GatewayConnectionsView,
  filter: RegistryFind,
  now = Date.now(),
): Promise<RegistryPlant[]> {
  const fleet = await fleetQuery({ db, caller, gateways, now }, filter);
  // Every tag link of the plants alongside (one plant's when asked by id).
  const [rows, tagIds] = await Promise.all([
    registryRows(fleet).execute(),
    tagIdsByPlant(db, caller.tenantId, filter.id === undefined ? undefined : [filter.id]),
  ]);
  return rows.map((row) => registryPlant(row, tagIds, gateways, now));
}

/** One page of the registry's plants matching the filter, by name (Czech order), and how many match in all (hono/plants/find). */
export async function findRegistryPage(
  db: Kysely<Database>,
  caller: PlantCaller,
  gateways: GatewayConnectionsView,
  filter: RegistryFind,
  page: RegistryPage,
  now = Date.now(),
): Promise<{ plants: RegistryPlant[]; total: number }> {
  const fleet = await fleetQuery({ db, caller, gateways, now }, filter);
  const pageIds = fleetPageIds(fleet, page.size, page.size * page.offset);
  // The page's rows, its plants' tag links and the count side by side, each picking the page's ids itself.
  const [rows, tagIds, total] = await Promise.all([
    registryRows(fleet).where('plants.id', 'in', pageIds).execute(),
    tagIdsByPlant(db, caller.tenantId, pageIds),
    fleetCount(fleet),
  ]);
  return { plants: rows.map((row) => registryPlant(row, tagIds, gateways, now)), total };
}

function registryRows(fleet: FleetQuery) {
  return fleetOrder(fleet)
    .select(['plants.id', 'plants.name', 'plants.thing_name', 'gateway_credentials.username'])
    .select(['gateway_reports.last_reported_at', 'gateway_reports.firmware', 'gateway_reports.shadow_version', 'today.energy_wh']);
}

type RegistryRow = Awaited<ReturnType<ReturnType<typeof registryRows>['execute']>>[number];

function registryPlant(row: RegistryRow, tagIds: Map<string, string[]>, gateways: GatewayConnectionsView, now: number): RegistryPlant {
  const lastSeenMs = row.last_reported_at === null ? null : Number(row.last_reported_at);
  const connection = gateways.connectionOf(row.thing_name);
  return {
    id: row.id,
    name: row.name,
    thingName: row.thing_name,
    gatewayClientId: gatewayUsername(row.thing_name),
    hasCredentials: row.username !== null,
    status: gatewayStatus(lastSeenMs, connection, now),
    lastSeen: iso(lastSeenMs),
    connected: connection ? connection.connected : null,
    connectedSince: connection?.connected ? iso(connection.since) : null,
    firmware: row.firmware,
    shadowVersion: row.shadow_version ?? 0,
    tagIds: tagIds.get(row.id) ?? [],
    todayEnergyKwh: row.energy_wh === null ? null : Number(row.energy_wh) / 1000,
  };
}
