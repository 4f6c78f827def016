// What integration/sources answers: each plant's gateway (login, broker, status, last message,
// messages a minute, dropped messages) and the spot price source, for the caller's plants.
import type { Kysely } from 'kysely';
import type { PlantSources } from '@helio/contracts';
import type { AuthUser } from '../http/auth';
import type { Database } from '../db/schema';
import type { DeviceServices } from '../iot';
import { findRegistryPlants } from '../iot/registry/registry';
import { NO_GATEWAYS } from '../iot/registry/fleet-query';
import { hasPlantRole, listTenantPlants } from '../plants/access';
import type { SpotConfig } from '../spot/spot-config';
import { countTenantPrices } from '../spot/spot-store';
import { spotDb } from '../spot/tables';
import { lastSpotImport } from './import-record';

const RATE_WINDOW_MS = 5 * 60_000;

/** Reports a minute of each thing over the last five minutes: one report is one sample time (a report row, or late sample rows). */
export async function reportsPerMinute(db: Kysely<Database>, things: readonly string[], now: number): Promise<Map<string, number>> {
  if (things.length === 0) return new Map();
  const since = now - RATE_WINDOW_MS;
  const rows = await db
    .selectFrom((eb) =>
      eb
        .selectFrom('metric_reports')
        .select(['thing_name', 'ts'])
        .where('thing_name', 'in', [...things])
        .where('ts', '>', since)
        .union(
          eb
            .selectFrom('metric_samples')
            .select(['thing_name', 'ts'])
            .where('thing_name', 'in', [...things])
            .where('ts', '>', since),
        )
        .as('reports'),
    )
    .select((eb) => ['reports.thing_name', eb.fn.countAll<number>().as('reports')])
    .groupBy('reports.thing_name')
    .execute();
  return new Map(rows.map((r) => [r.thing_name, Math.round((Number(r.reports) / (RATE_WINDOW_MS / 60_000)) * 10) / 10]));
}

export async function plantSources(
  db: Kysely<Database>,
  user: AuthUser,
  devices: DeviceServices | undefined,
  spot: SpotConfig,
  now = Date.now(),
) {
  const roles = new Map((await listTenantPlants(db, user)).map((p) => [p.id, p.access_role]));
  const registry = await findRegistryPlants(db, user, devices?.gateways ?? NO_GATEWAYS, {}, now);
  const rates = await reportsPerMinute(
    db,
    registry.map((p) => p.thingName),
    now,
  );
  const plants: PlantSources[] = registry.map((p) => ({
    id: p.id,
    name: p.name,
    thingName: p.thingName,
    canRotate: devices !== undefined && hasPlantRole(roles.get(p.id) ?? 'viewer', 'owner') && user.permissions.includes('plants:write'),
    gateway: {
      username: p.gatewayClientId,
      brokerUrl: devices?.mqttUrl ?? '',
      status: p.status,
      connected: p.connected,
      lastMessageAt: p.lastSeen,
      messagesPerMinute: rates.get(p.thingName) ?? 0,
      droppedMessages: devices?.gatewayDropped(p.thingName) ?? 0,
    },
  }));
  const rows = await spotDb(db)
    .selectFrom('spot_prices')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('area', '=', spot.area)
    .where('source', '=', 'import')
    .executeTakeFirstOrThrow();
  return {
    plants,
    spot: {
      area: spot.area,
      url: spot.pricesUrl ?? null,
      rows: Number(rows.n),
      ownRows: await countTenantPrices(spotDb(db), { area: spot.area, tenantId: user.tenantId }),
      lastImport: await lastSpotImport(db, user.tenantId),
    },
  };
}
