// metric: a plant's stored metrics and their time series (metric/*), read from the storage series/ keeps.
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import type { PlantLookup } from '../plants/access';
import { serverModule } from '../server-module';
import { metricHandlers } from './routes';

export const metricModule = serverModule({
  name: 'metric',
  handlers: ({ db, plants }: { db: Kysely<Database>; plants: PlantLookup }) => metricHandlers({ db, plants }),
});
