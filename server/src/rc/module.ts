// rc: a plant's writable settings confirmed by the device (rc/set and the SPEC's
// iot/thing/shadow/desired), the command history, schedules and fleet commands. Only when the device
// services run (the shadows and the broker's gateway statuses); commands are confirmed by the devices'
// reports for as long as the app runs.
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import type { PlantLookup } from '../plants/access';
import type { DeviceServices } from '../iot/services';
import type { JobDeps } from '../modules';
import { serverModule, tables } from '../server-module';
import type { RcTables } from './tables';
import { remoteControlMigration } from './migrations/020-remote-control';
import { scheduleCreatorsMigration } from './migrations/066-schedule-creators';
import { commandExpiryMigration } from './migrations/076-command-expiry';
import { trackConfirmations } from './command-tracker';
import { desiredHandlers } from './desired-route';
import { rcFleetHandlers } from './fleet-routes';
import { rcHandlers } from './routes';
import { startScheduleRunner } from './schedule-runner';
import { rcScheduleHandlers } from './schedule-routes';

interface RcModuleDeps {
  db: Kysely<Database>;
  devices?: DeviceServices;
  plants: PlantLookup;
  /** Where a failed confirmation is logged. */
  logError: (message: string) => void;
  /** Called with what to stop when the app closes. */
  onClose: (stop: () => void) => void;
}

export const rcModule = serverModule({
  name: 'rc',
  tables: tables<RcTables>(),
  migrations: {
    '020_remote_control': remoteControlMigration,
    '066_schedule_creators': scheduleCreatorsMigration,
    '076_command_expiry': commandExpiryMigration,
  },
  // the schedules' windows opened and closed on the devices (one replica)
  jobs: ({
    db,
    devices,
    log,
    config,
    leaseTtlMs,
    holder,
  }: Pick<JobDeps, 'db' | 'devices' | 'log' | 'config' | 'leaseTtlMs' | 'holder'>) => [
    startScheduleRunner({ db, devices, log, tickMs: config.rcTickMs, leaseTtlMs, holder }),
  ],
  handlers: ({ db, devices, plants, logError, onClose }: RcModuleDeps) => {
    if (!devices) return undefined;
    onClose(trackConfirmations(db, devices.shadows, (error) => logError(`rc: confirming a command failed: ${String(error)}`)));
    const deps = { db, devices };
    return { ...rcHandlers(deps), ...desiredHandlers({ ...deps, plants }), ...rcScheduleHandlers(deps), ...rcFleetHandlers(deps) };
  },
});
