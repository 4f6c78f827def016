// ev: a plant's chargers, its charging sessions and a charger's plan (ev/*). Only when the device
// services run (the chargers' shadows).
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import type { DeviceServices } from '../iot/services';
import { serverModule, tables } from '../server-module';
import type { EvTables } from './tables';
import { evSessionsMigration } from './migrations/050-ev-sessions';
import type { SpotConfig } from '../spot/spot-config';
import { evHandlers } from './routes';

export const evModule = serverModule({
  name: 'ev',
  tables: tables<EvTables>(),
  migrations: {
    '050_ev_sessions': evSessionsMigration,
  },
  handlers: ({ db, devices, spot }: { db: Kysely<Database>; devices?: DeviceServices; spot: SpotConfig }) =>
    devices ? evHandlers({ db, shadows: devices.shadows, spot }) : undefined,
});
