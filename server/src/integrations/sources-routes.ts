// integration/sources: per plant, its gateway (login, broker, status, last message, messages a minute,
// dropped messages) and the spot price source; integration/spot/upload: a price CSV, stored like the
// hourly import of SPOT_PRICES_URL. A new gateway password is the registry's own route
// (plant/gateway/credentials/rotate), which the page calls.
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import { integrationEndpoints, SPOT_UPLOAD_MAX_CHARS, type IntegrationEndpoints, type PlantSources } from '@helio/contracts';
import { recordRequestAudit } from '../audit/request-audit';
import type { Database } from '../db/schema';
import type { DeviceServices } from '../devices';
import { findRegistryPlants } from '../devices/registry/registry';
import { NO_GATEWAYS } from '../devices/registry/fleet-query';
import { requireUser } from '../http/auth';
import { contractSchema } from '../http/contract-schema';
import { badRequest, forbidden } from '../http/errors';
import { access } from '../iam/route-access';
import { hasPlantRole, listTenantPlants } from '../plants/access';
import { parsePriceCsv, PriceCsvError } from '../spot/price-csv';
import type { SpotConfig } from '../spot/spot-config';
import { importPrices } from '../spot/spot-store';
import { spotDb } from '../spot/tables';
import { lastSpotImport, recordImport } from './import-record';

const MANAGE = access('integrations:manage', { module: 'integrations' });
const RATE_WINDOW_MS = 5 * 60_000;

/** Reports a minute of each thing over the last five minutes: one report is one sample time. */
async function reportsPerMinute(db: Kysely<Database>, things: readonly string[], now: number): Promise<Map<string, number>> {
  if (things.length === 0) return new Map();
  const rows = await db
    .selectFrom('metric_samples')
    .select((eb) => ['thing_name', eb.fn.count<number>('ts').distinct().as('reports')])
    .where('thing_name', 'in', [...things])
    .where('ts', '>', now - RATE_WINDOW_MS)
    .groupBy('thing_name')
    .execute();
  return new Map(rows.map((r) => [r.thing_name, Math.round((Number(r.reports) / (RATE_WINDOW_MS / 60_000)) * 10) / 10]));
}

export async function registerSourcesRoutes(
  app: FastifyInstance,
  { db, devices, spot }: { db: Kysely<Database>; devices?: DeviceServices; spot: SpotConfig },
): Promise<void> {
  app.post<{ Body: IntegrationEndpoints['integration/sources']['request'] }>(
    '/api/integration/sources',
    { config: MANAGE, preHandler: requireUser, schema: contractSchema(integrationEndpoints['integration/sources']) },
    async (request) => {
      const now = Date.now();
      const roles = new Map((await listTenantPlants(db, request.user)).map((p) => [p.id, p.access_role]));
      const registry = await findRegistryPlants(db, request.user, devices?.gateways ?? NO_GATEWAYS, {}, now);
      const rates = await reportsPerMinute(
        db,
        registry.map((p) => p.thingName),
        now,
      );
      const plants: PlantSources[] = registry.map((p) => ({
        id: p.id,
        name: p.name,
        thingName: p.thingName,
        canRotate:
          devices !== undefined && hasPlantRole(roles.get(p.id) ?? 'viewer', 'owner') && request.user.permissions.includes('plants:write'),
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
          lastImport: await lastSpotImport(db, request.user.tenantId),
        },
      };
    },
  );

  app.post<{ Body: IntegrationEndpoints['integration/spot/upload']['request'] }>(
    '/api/integration/spot/upload',
    {
      config: MANAGE,
      preHandler: requireUser,
      schema: contractSchema(integrationEndpoints['integration/spot/upload']),
      // The CSV travels JSON-escaped: room for it, and a clear 413 for anything bigger.
      bodyLimit: SPOT_UPLOAD_MAX_CHARS * 2 + 1024,
    },
    async (request) => {
      // Market prices are one series for every tenant of the server: only a tenant owner may replace them.
      if (request.user.roleId !== 'owner') throw forbidden('Only an owner may upload spot prices; they are shared by the whole server');
      let prices;
      try {
        prices = parsePriceCsv(request.body.csv);
      } catch (error) {
        if (!(error instanceof PriceCsvError)) throw error;
        await recordImport(db, { tenantId: request.user.tenantId, kind: 'spot', source: 'upload', rows: 0, errors: [error.message] });
        throw badRequest(`Nothing was imported: ${error.message}`, { errors: [error.message] });
      }
      const rows = await importPrices(spotDb(db), spot.area, prices, 'import');
      await recordImport(db, { tenantId: request.user.tenantId, kind: 'spot', source: 'upload', rows, errors: [] });
      await recordRequestAudit(db, request, 'integrations.spot_uploaded', null, { rows, area: spot.area });
      return { rows };
    },
  );
}
