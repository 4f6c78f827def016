// ocpp: a plant's OCPP chargers as the console manages them (ev/charger/*): added, listed, removed,
// their passwords rotated, and the calls sent to them. Only when the device services run (the
// central system holds the chargers' sockets).
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import type { DeviceServices } from '../devices/services';
import { serverModule, tables } from '../server-module';
import type { OcppTables } from './tables';
import { ocppMigration } from './migrations/070-ocpp';
import { ocppChargerHandlers } from './routes';

export const ocppModule = serverModule({
  name: 'ocpp',
  tables: tables<OcppTables>(),
  migrations: {
    '070_ocpp': ocppMigration,
  },
  handlers: ({ db, devices, consoleUrl }: { db: Kysely<Database>; devices?: DeviceServices; consoleUrl: string }) =>
    devices
      ? ocppChargerHandlers({
          db,
          consoleUrl,
          revoke: (chargerId, reason) => devices.ocpp.revoke(chargerId, reason),
          commands: devices.ocpp.commands,
        })
      : undefined,
});
