// plant/access/*: who may see a plant and with what role on it (access-store.ts holds the rules).
// Listing needs plants:read and sight of the plant; inviting, changing a role and removing need
// plants:write and the owner role on the plant.
import type { ApiHandlers } from '../http/api-module';
import type { IamDeps } from '../iam/invite';
import { admitInvitationMail } from '../iam/invitation-mail-limit';
import { invitePlantUser, plantAccessOf, removePlantAccess, setPlantAccessRole } from './access-store';

export function plantAccessHandlers(deps: IamDeps): ApiHandlers {
  const { db } = deps;

  return {
    'plant/access/list': async (request) => ({ users: await plantAccessOf(db, request, request.body.id) }),
    'plant/access/invite': async (request, reply) =>
      invitePlantUser(deps, request, request.body, () => admitInvitationMail(db, reply, request.user.tenantId)),
    'plant/access/update': async (request) => setPlantAccessRole(db, request, request.body),
    'plant/access/remove': async (request) => ({ removed: await removePlantAccess(deps, request, request.body) }),
  };
}
