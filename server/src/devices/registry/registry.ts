// The device registry view of a tenant's plants: each plant's gateway, whether it is online, when it
// was last heard from, what the broker says about its connection, its firmware and shadow version.
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { accessiblePlantIds, seesEveryPlant, type PlantCaller } from '../../plants/access';
import { GATEWAY_OFFLINE_MS, newestTimestamp } from '../../notifications/conditions';
import { todayProductionKwh } from '../../series/today-energy';
import { tagIdsByPlant } from '../../tags/tags';
import { gatewayUsername } from '../mqtt/gateway-credentials';
import type { GatewayStatus, RegistryFilter, RegistryPlant } from '@helio/contracts';
import type { GatewayConnection } from '../mqtt/gateway-status';

export type { GatewayStatus, RegistryFilter, RegistryPlant };

/**
 * Offline when the broker says the connection is gone (its last will) or, the alert engine's rule,
 * when nothing was reported for GATEWAY_OFFLINE_MS.
 */
export function gatewayStatus(lastSeenMs: number | null, connection: GatewayConnection | undefined, now: number): GatewayStatus {
  if (connection && !connection.connected) return 'offline';
  return lastSeenMs !== null && now - lastSeenMs <= GATEWAY_OFFLINE_MS ? 'online' : 'offline';
}

const iso = (ms: number | null): string | null => (ms === null ? null : new Date(ms).toISOString());

// Sorted here, not in SQL: SQLite and PostgreSQL collate differently; Czech names sort the Czech way.
const byName = new Intl.Collator('cs').compare;

export async function findRegistryPlants(
  db: Kysely<Database>,
  caller: PlantCaller,
  connectionOf: (thingName: string) => GatewayConnection | undefined,
  filter: RegistryFilter & { id?: string },
  now = Date.now(),
): Promise<RegistryPlant[]> {
  let query = db
    .selectFrom('plants')
    .leftJoin('shadows', 'shadows.thing_name', 'plants.thing_name')
    .leftJoin('gateway_credentials', 'gateway_credentials.plant_id', 'plants.id')
    .select(['plants.id', 'plants.name', 'plants.thing_name', 'shadows.reported', 'shadows.metadata', 'shadows.version'])
    .select('gateway_credentials.username')
    .where('plants.tenant_id', '=', caller.tenantId);
  if (!seesEveryPlant(caller)) query = query.where('plants.id', 'in', accessiblePlantIds(db, caller));
  if (filter.id !== undefined) query = query.where('plants.id', '=', filter.id);
  if (filter.thingName !== undefined) query = query.where('plants.thing_name', '=', filter.thingName);
  const tag = filter.tag;
  if (tag !== undefined) {
    query = query.where((eb) =>
      eb.exists(
        eb
          .selectFrom('plant_tags')
          .select('plant_tags.plant_id')
          .whereRef('plant_tags.plant_id', '=', 'plants.id')
          .where('plant_tags.tag_id', '=', tag),
      ),
    );
  }
  const needle = filter.name?.toLocaleLowerCase('cs');
  // Three queries for the whole fleet, whatever its size: plants, their tags, today's roll-ups (for one
  // plant when one is asked for by id, as hono/plants/get does).
  const [rows, tagIds, todayKwh] = await Promise.all([
    query.execute(),
    tagIdsByPlant(db, caller.tenantId, filter.id),
    todayProductionKwh(db, caller.tenantId, now, filter.id),
  ]);
  const plants = rows
    .filter((row) => needle === undefined || row.name.toLocaleLowerCase('cs').includes(needle))
    .map((row): RegistryPlant => {
      const metadata = row.metadata === null ? {} : (JSON.parse(row.metadata) as { reported?: unknown });
      const reported = row.reported === null ? {} : (JSON.parse(row.reported) as Record<string, unknown>);
      const lastSeenMs = newestTimestamp(metadata.reported);
      const connection = connectionOf(row.thing_name);
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
        firmware: typeof reported.FirmwareVersion === 'string' ? reported.FirmwareVersion : null,
        shadowVersion: row.version ?? 0,
        tagIds: tagIds.get(row.id) ?? [],
        todayEnergyKwh: todayKwh.get(row.id) ?? null,
      };
    });
  return plants.filter((p) => filter.status === undefined || p.status === filter.status).sort((a, b) => byName(a.name, b.name));
}
