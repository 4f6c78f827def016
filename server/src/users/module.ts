// users: the caller's own profile and user info (users/*).
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { apiModule } from '../http/api-module';
import { userHandlers } from './routes';

export const usersModule = apiModule('users', ({ db }: { db: Kysely<Database> }) => userHandlers({ db }));
