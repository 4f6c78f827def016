// integration/key/list, integration/key/create and integration/key/revoke: a tenant's API keys. A key
// names plants the creator can see (another tenant's or an unseen plant is a 404) and a scope within
// the creator's permissions (403 KeyExceedsCreator); its secret is answered once and never stored. Every change is audited in the change's transaction: a change whose
// audit entry cannot be written is not made.
import type { ApiHandlers } from '../http/api-module';
import type { Kysely } from 'kysely';
import type { ClusterBus } from '../cluster/bus';
import { API_KEY_MAX_DAYS } from '@helio/contracts';
import { recordRequestAudit } from '../audit/request-audit';
import { announceAccessEnded } from '../auth/access-ended';
import { inTransaction } from '../db/dialect';
import type { Database } from '../db/schema';
import { ApiError, apiKeyExpiryInvalid, apiKeyNotFound, plantNotFound } from '../http/errors';
import { listTenantPlants } from '../plants/access';
import { createApiKey, findApiKey, keyView, listApiKeys, revokeApiKey } from './api-keys';
import { permissionsBeyond } from './key-auth';
const DAY_MS = 86_400_000;

export function keyHandlers({ db, bus, pepper }: { db: Kysely<Database>; bus: ClusterBus; pepper: string }): ApiHandlers {
  return {
    'integration/key/list': async (request) => ({ keys: (await listApiKeys(db, request.user.tenantId)).map(keyView) }),
    'integration/key/create': async (request, reply) => {
      const { name, scope, plantIds, expiresAt } = request.body;
      if (expiresAt !== null) {
        const at = Date.parse(expiresAt);
        if (!(at > Date.now())) throw apiKeyExpiryInvalid('The expiry must be in the future', 'past');
        if (at > Date.now() + API_KEY_MAX_DAYS * DAY_MS)
          throw apiKeyExpiryInvalid(`A key lives at most ${API_KEY_MAX_DAYS} days`, 'tooLong', API_KEY_MAX_DAYS);
      }
      const beyond = permissionsBeyond(scope, request.user.permissions);
      if (beyond.length > 0)
        throw new ApiError(403, 'KeyExceedsCreator', `A ${scope} key needs ${beyond.join(', ')}, which your role lacks`, {
          scope,
          permissions: beyond,
        });
      if (plantIds !== null) {
        const visible = new Set((await listTenantPlants(db, request.user)).map((p) => p.id));
        if (plantIds.some((id) => !visible.has(id))) throw plantNotFound();
      }
      const { row, token } = await inTransaction(db, async (trx) => {
        const created = await createApiKey(
          trx,
          {
            tenantId: request.user.tenantId,
            name,
            scope,
            plantIds,
            expiresAt,
            modules: request.user.modules,
            creator: { id: request.user.sub, email: request.user.email },
          },
          pepper,
        );
        await recordRequestAudit(
          trx,
          request,
          'integrations.key_created',
          { type: 'api_key', id: created.row.id, label: created.row.name },
          { scope, plantIds, expiresAt },
        );
        return created;
      });
      void reply.header('cache-control', 'no-store');
      return { key: keyView(row), secret: token };
    },
    'integration/key/revoke': async (request) => {
      const { tenantId } = request.user;
      const before = await findApiKey(db, tenantId, request.body.id);
      if (!before) throw apiKeyNotFound();
      const after = await inTransaction(db, async (trx) => {
        await revokeApiKey(trx, tenantId, before.id);
        const revoked = await findApiKey(trx, tenantId, before.id);
        if (!revoked) throw apiKeyNotFound();
        if (before.revoked_at === null)
          await recordRequestAudit(trx, request, 'integrations.key_revoked', { type: 'api_key', id: revoked.id, label: revoked.name }, {});
        return revoked;
      });
      announceAccessEnded(bus, { apiKeyId: after.id }); // its open live streams end now, on every replica
      return keyView(after);
    },
  };
}
