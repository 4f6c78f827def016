// The notification centre's API: the tenant's alerts with the caller's read marks, marking read, the
// unread count for the nav, and per-plant thresholds. Reading needs notifications:read, changing the
// thresholds notifications:manage and the operator role on the plant; all of it belongs to the
// notifications module.
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { requireUser } from '../http/auth';
import { errorResponseSchema, forbidden, notFound } from '../http/errors';
import { access } from '../iam/route-access';
import { findTenantPlant, requirePlantRole, type PlantCaller } from '../plants/access';
import type { Severity } from './alert-kinds';
import { listAlerts, markRead, unreadCount, type AlertView } from './alert-store';
import { alertListBody, alertListResponse, emptyBody, markReadBody, thresholdsGetBody, thresholdsSchema } from './schemas';
import { notificationsDb } from './tables';
import { saveThresholds, thresholdsOf, type Thresholds } from './thresholds';

const errors = { '4xx': errorResponseSchema, '5xx': errorResponseSchema };
const plantField = { tenantResources: [{ field: 'plantId', kind: 'plant' as const }], module: 'notifications' as const };
const READ = access('notifications:read', { module: 'notifications' });
const READ_PLANT = access('notifications:read', plantField);
const MANAGE_PLANT = access('notifications:manage', plantField);

interface ListBody {
  plantId?: string;
  severity?: Severity;
  state?: 'open' | 'closed';
  read?: boolean;
  limit?: number;
}

type ThresholdsBody = Thresholds & { plantId: string };

export async function registerAlertRoutes(app: FastifyInstance, base: Kysely<Database>): Promise<void> {
  const db = notificationsDb(base);
  /** A plant of another tenant, or one the caller may not see, is not found, like an unknown one (plants/access.ts). */
  const requirePlant = async (caller: PlantCaller, plantId: string) => {
    const plant = await findTenantPlant(base, caller, plantId);
    if (!plant) throw notFound(`Plant ${plantId} not found`);
    return plant;
  };

  app.post<{ Body: ListBody }>(
    '/api/notifications/alerts/list',
    { config: READ_PLANT, preHandler: requireUser, schema: { body: alertListBody, response: { 200: alertListResponse, ...errors } } },
    async (request): Promise<{ alerts: AlertView[] }> => {
      const { plantId, severity, state, read, limit } = request.body;
      if (plantId !== undefined) await requirePlant(request.user, plantId);
      const alerts = await listAlerts(db, request.user, { plantId, severity, state, read, limit: limit ?? 200 });
      return { alerts };
    },
  );

  app.post<{ Body: { ids: string[] } }>(
    '/api/notifications/alerts/mark-read',
    {
      config: READ,
      preHandler: requireUser,
      schema: { body: markReadBody, response: { 200: { type: 'object', required: ['marked'], properties: { marked: { type: 'integer' } } }, ...errors } },
    },
    async (request) => {
      // Read marks belong to a person; an API key has none.
      if (request.user.apiKey) throw forbidden('API keys have no read marks');
      return { marked: await markRead(db, request.user, [...new Set(request.body.ids)]) };
    },
  );

  app.post(
    '/api/notifications/alerts/unread-count',
    {
      config: READ,
      preHandler: requireUser,
      schema: { body: emptyBody, response: { 200: { type: 'object', required: ['count'], properties: { count: { type: 'integer' } } }, ...errors } },
    },
    async (request) => ({ count: await unreadCount(db, request.user) }),
  );

  app.post<{ Body: { plantId: string } }>(
    '/api/notifications/thresholds/get',
    { config: READ_PLANT, preHandler: requireUser, schema: { body: thresholdsGetBody, response: { 200: thresholdsSchema, ...errors } } },
    async (request): Promise<ThresholdsBody> => {
      await requirePlant(request.user, request.body.plantId);
      return { plantId: request.body.plantId, ...(await thresholdsOf(db, request.body.plantId)) };
    },
  );

  app.post<{ Body: ThresholdsBody }>(
    '/api/notifications/thresholds/save',
    { config: MANAGE_PLANT, preHandler: requireUser, schema: { body: thresholdsSchema, response: { 200: thresholdsSchema, ...errors } } },
    async (request): Promise<ThresholdsBody> => {
      const { plantId, batterySocMin, pvMinPercent } = request.body;
      // thresholds decide when everyone of the plant is alerted: changing them is an operator's action
      requirePlantRole(await requirePlant(request.user, plantId), 'operator');
      await saveThresholds(db, plantId, { batterySocMin, pvMinPercent });
      return { plantId, batterySocMin, pvMinPercent };
    },
  );
}
