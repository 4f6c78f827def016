// The notification centre's API: the tenant's alerts with the caller's read marks, marking read, the
// unread count for the nav, and per-plant thresholds. Reading needs notifications:read, changing the
// thresholds notifications:manage and the operator role on the plant; all of it belongs to the
// notifications module.
import type { ApiHandlers } from '../http/api-module';
import type { Kysely } from 'kysely';
import type { ClusterBus } from '../cluster/bus';
import type { Database } from '../db/schema';
import { type NotificationEndpoints } from '@helio/contracts';
import { forbidden, plantNotFound } from '../http/errors';
import { findTenantPlant, requirePlantRole, type PlantCaller } from '../plants/access';
import { announceAlertsRead } from './alert-news';
import { listAlerts, markRead, unreadCount, type AlertView } from './alert-store';
import { notificationsDb } from './notifications-db';
import { saveThresholds, thresholdsOf } from './thresholds';

type ThresholdsBody = NotificationEndpoints['notifications/thresholds/save']['request'];

export function alertHandlers(base: Kysely<Database>, bus: ClusterBus): ApiHandlers {
  const db = notificationsDb(base);
  /** A plant of another tenant, or one the caller may not see, is not found, like an unknown one (plants/access.ts). */
  const requirePlant = async (caller: PlantCaller, plantId: string) => {
    const plant = await findTenantPlant(base, caller, plantId);
    if (!plant) throw plantNotFound(`Plant ${plantId} not found`);
    return plant;
  };

  return {
    'notifications/alerts/list': async (request): Promise<{ alerts: AlertView[] }> => {
      const { plantId, severity, state, read, limit } = request.body;
      if (plantId !== undefined) await requirePlant(request.user, plantId);
      const alerts = await listAlerts(db, request.user, { plantId, severity, state, read, limit: limit ?? 200 });
      return { alerts };
    },
    'notifications/alerts/mark-read': async (request) => {
      // Read marks belong to a person; an API key has none.
      if (request.user.apiKey) throw forbidden('API keys have no read marks');
      const marked = await markRead(db, request.user, [...new Set(request.body.ids)]);
      // the user's other tabs and devices update their unread count at once
      if (marked > 0) announceAlertsRead(bus, request.user.sub);
      return { marked };
    },
    'notifications/alerts/unread-count': async (request) => ({ count: await unreadCount(db, request.user) }),
    'notifications/thresholds/get': async (request): Promise<ThresholdsBody> => {
      await requirePlant(request.user, request.body.plantId);
      return { plantId: request.body.plantId, ...(await thresholdsOf(db, request.body.plantId)) };
    },
    'notifications/thresholds/save': async (request): Promise<ThresholdsBody> => {
      const { plantId, batterySocMin, pvMinPercent } = request.body;
      // thresholds decide when everyone of the plant is alerted: changing them is an operator's action
      requirePlantRole(await requirePlant(request.user, plantId), 'operator');
      await saveThresholds(db, plantId, { batterySocMin, pvMinPercent });
      return { plantId, batterySocMin, pvMinPercent };
    },
  };
}
