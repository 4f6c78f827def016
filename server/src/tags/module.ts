// tags: a tenant's plant tags and their assignment (tag/*, plant/tags/set).
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { serverModule, tables } from '../server-module';
import type { TagTables } from './tables';
import { tagsMigration } from './migrations/013-tags';
import { tagHandlers } from './routes';

export const tagsModule = serverModule({
  name: 'tags',
  tables: tables<TagTables>(),
  migrations: {
    '013_tags': tagsMigration,
  },
  handlers: ({ db }: { db: Kysely<Database> }) => tagHandlers({ db }),
});
