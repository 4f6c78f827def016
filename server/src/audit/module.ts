// audit: the organisation's audit log (audit/list).
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { apiModule } from '../http/api-module';
import { auditHandlers } from './routes';

export const auditModule = apiModule('audit', ({ db }: { db: Kysely<Database> }) => auditHandlers({ db }));
