// tags: a tenant's plant tags and their assignment (tag/*, plant/tags/set).
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { apiModule } from '../http/api-module';
import { tagHandlers } from './routes';

export const tagsModule = apiModule('tags', ({ db }: { db: Kysely<Database> }) => tagHandlers({ db }));
