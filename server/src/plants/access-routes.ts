// plant/access/*: who may see a plant and with what role on it (access-store.ts holds the rules).
// Listing needs plants:read and sight of the plant; inviting, changing a role and removing need
// plants:write and the owner role on the plant.
import { plantAccessEndpoints, type PlantAccessEndpoints } from '@helio/contracts';
import type { FastifyInstance } from 'fastify';
import { requireUser } from '../http/auth';
import { contractSchema } from '../http/contract-schema';
import type { IamDeps } from '../iam/invite';
import { access } from '../iam/route-access';
import { admitInvitationMail } from '../security/invitation-mail-limit';
import { invitePlantUser, plantAccessOf, removePlantAccess, setPlantAccessRole } from './access-store';

const plantResource = { tenantResources: [{ field: 'id', kind: 'plant' }] } as const;
const plantAndUser = {
  tenantResources: [
    { field: 'id', kind: 'plant' },
    { field: 'userId', kind: 'user' },
  ],
} as const;

export async function registerPlantAccessRoutes(app: FastifyInstance, deps: IamDeps): Promise<void> {
  const { db } = deps;

  app.post<{ Body: PlantAccessEndpoints['plant/access/list']['request'] }>(
    '/api/plant/access/list',
    {
      config: access('plants:read', plantResource),
      preHandler: requireUser,
      schema: contractSchema(plantAccessEndpoints['plant/access/list']),
    },
    async (request) => ({ users: await plantAccessOf(db, request, request.body.id) }),
  );

  app.post<{ Body: PlantAccessEndpoints['plant/access/invite']['request'] }>(
    '/api/plant/access/invite',
    {
      config: access('plants:write', plantResource),
      preHandler: requireUser,
      schema: contractSchema(plantAccessEndpoints['plant/access/invite']),
    },
    async (request, reply) => invitePlantUser(deps, request, request.body, () => admitInvitationMail(db, reply, request.user.tenantId)),
  );

  app.post<{ Body: PlantAccessEndpoints['plant/access/update']['request'] }>(
    '/api/plant/access/update',
    {
      config: access('plants:write', plantAndUser),
      preHandler: requireUser,
      schema: contractSchema(plantAccessEndpoints['plant/access/update']),
    },
    async (request) => setPlantAccessRole(db, request, request.body),
  );

  app.post<{ Body: PlantAccessEndpoints['plant/access/remove']['request'] }>(
    '/api/plant/access/remove',
    {
      config: access('plants:write', plantAndUser),
      preHandler: requireUser,
      schema: contractSchema(plantAccessEndpoints['plant/access/remove']),
    },
    async (request) => ({ removed: await removePlantAccess(db, request, request.body) }),
  );
}
