// iot: a plant's shadow (iot/thing/*), the device registry (hono/*), the broker's and gateways' state and a
// gateway's new password. Only when the device services run.
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import type { PlantLookup } from '../plants/access';
import { serverModule, tables } from '../server-module';
import type { DeviceTables } from './tables';
import { devicesMigration } from './shadows/migrations/002-devices';
import { gatewayCredentialsMigration } from './mqtt/migrations/006-gateway-credentials';
import { simulatedPlantsMigration } from './simulation/migrations/015-simulated-plants';
import { gatewayReportsMigration } from './shadows/migrations/056-gateway-reports';
import { gatewayReportVersionsMigration } from './shadows/migrations/059-gateway-report-versions';
import type { DeviceServices } from './services';
import { deviceHandlers } from './shadows/routes';

export const iotModule = serverModule({
  name: 'iot',
  tables: tables<DeviceTables>(),
  migrations: {
    '002_devices': devicesMigration,
    '006_gateway_credentials': gatewayCredentialsMigration,
    '015_simulated_plants': simulatedPlantsMigration,
    '056_gateway_reports': gatewayReportsMigration,
    '059_gateway_report_versions': gatewayReportVersionsMigration,
  },
  handlers: ({ db, devices, plants }: { db: Kysely<Database>; devices?: DeviceServices; plants: PlantLookup }) =>
    devices ? deviceHandlers({ db, devices, plants }) : undefined,
});
