// series/tiers and series/tiers/set: the retention tiers of the whole server's time series (series:manage,
// and only for the organisation that runs the console, as releases are: the data is every organisation's).
import type { FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import type { ApiHandlers } from '../http/api-module';
import { recordAudit } from '../audit/audit-log';
import { ApiError, forbidden } from '../http/errors';
import { platformTenantId } from '../releases/store';
import { setTierDays, TierOrderError, tierViews, type TierDays } from './tier-settings';

export function seriesTierHandlers({
  db,
  defaults,
  organisation,
}: {
  db: Kysely<Database>;
  defaults: TierDays;
  organisation: string | undefined;
}): ApiHandlers {
  async function operator(request: FastifyRequest): Promise<void> {
    const platform = await platformTenantId(db, organisation);
    if (!platform || request.user.tenantId !== platform) {
      throw forbidden('Retention is set by the administrators of the organisation that runs the console');
    }
  }
  return {
    'series/tiers': async (request) => {
      await operator(request);
      return { tiers: await tierViews(db, defaults) };
    },
    'series/tiers/set': async (request) => {
      await operator(request);
      const { tier, retentionDays } = request.body;
      try {
        const { before } = await setTierDays(db, defaults, { tier, days: retentionDays, by: request.user.sub });
        // a shorter age deletes data at the next run: who set it, and from what, stays in the audit log
        await recordAudit(db, {
          tenantId: request.user.tenantId,
          action: 'series.retention_set',
          actor: { id: request.user.sub, email: request.user.email },
          target: null,
          details: { tier, retentionDays, previousDays: before[tier] },
          address: request.ip,
        });
      } catch (error) {
        if (!(error instanceof TierOrderError)) throw error;
        throw new ApiError(400, 'TierOrder', error.message, {
          finer: error.finer,
          coarser: error.coarser,
          finerDays: error.days[error.finer],
          coarserDays: error.days[error.coarser],
        });
      }
      return { tiers: await tierViews(db, defaults) };
    },
  };
}
