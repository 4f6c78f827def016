// plant/list: the plants of an organisation (tenant), for the caller's own organisation only; and
// plant/active: the plant the console shows, from the id kept in the browser.
import type { ApiHandlers } from '../http/api-module';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { type Plant } from '@helio/contracts';
import { sendBuiltAnswer } from '../http/built-answer';
import { organisationNotFound } from '../http/errors';
import { activePlant, listPlants } from './plant-list';

export type { Plant };

export function plantHandlers({ db }: { db: Kysely<Database> }): ApiHandlers {
  return {
    'plant/list': async (request, reply) => {
      if (request.body.id !== request.user.tenantId) throw organisationNotFound();
      return sendBuiltAnswer<Plant[]>(reply, await listPlants(db, request.user, request.body));
    },
    'plant/active': async (request) => {
      if (request.body.id !== request.user.tenantId) throw organisationNotFound();
      return { plant: await activePlant(db, request.user, request.body.plantId ?? null) };
    },
  };
}
