// ocpp: a plant's OCPP chargers as the console manages them (ev/charger/*, ev/id-tag/*): added,
// listed, removed, their passwords rotated, their settings, the plant's id tags, and the calls sent to
// them. Only when the device services run (the central system holds the chargers' sockets). A
// gateway's charger's settings are the plant's charger keys, set as any plant control is.
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import type { DeviceServices } from '../iot/services';
import { sendControl } from '../rc/control';
import { serverModule, tables } from '../server-module';
import type { SpotConfig } from '../spot/spot-config';
import type { OcppTables } from './tables';
import { ocppMigration } from './migrations/070-ocpp';
import { batteryFirstMigration } from './migrations/077-battery-first';
import { evVehiclesMigration } from './migrations/079-ev-vehicles';
import { sessionVehiclesMigration } from './migrations/080-session-vehicles';
import { localListsMigration } from './migrations/081-local-lists';
import { ocppChargerHandlers } from './routes';

export const ocppModule = serverModule({
  name: 'ocpp',
  tables: tables<OcppTables>(),
  migrations: {
    '070_ocpp': ocppMigration,
    '077_battery_first': batteryFirstMigration,
    '079_ev_vehicles': evVehiclesMigration,
    '080_session_vehicles': sessionVehiclesMigration,
    '081_local_lists': localListsMigration,
  },
  handlers: ({
    db,
    devices,
    consoleUrl,
    spot,
  }: {
    db: Kysely<Database>;
    devices?: DeviceServices;
    consoleUrl: string;
    spot: SpotConfig;
  }) =>
    devices
      ? ocppChargerHandlers({
          db,
          spot,
          consoleUrl,
          revoke: (chargerId, reason) => devices.ocpp.revoke(chargerId, reason),
          settingsChanged: (chargerId) => devices.ocpp.settingsChanged(chargerId),
          commands: devices.ocpp.commands,
          localLists: devices.ocpp.localLists,
          shadows: devices.shadows,
          plantControl: async (caller, plant, key, value) => {
            await sendControl(db, devices, caller, plant, { key, value });
          },
        })
      : undefined,
});
