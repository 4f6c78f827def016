// ocpp: a plant's OCPP chargers as the console manages them (ev/charger/*): added, listed, removed,
// their passwords rotated, and the calls sent to them. Only when the device services run (the
// central system holds the chargers' sockets).
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import type { DeviceServices } from '../devices/services';
import { apiModule } from '../http/api-module';
import { ocppChargerHandlers } from './routes';

export const ocppModule = apiModule(
  'ocpp',
  ({ db, devices, consoleUrl }: { db: Kysely<Database>; devices?: DeviceServices; consoleUrl: string }) =>
    devices
      ? ocppChargerHandlers({
          db,
          consoleUrl,
          revoke: (chargerId, reason) => devices.ocpp.revoke(chargerId, reason),
          commands: devices.ocpp.commands,
        })
      : undefined,
);
