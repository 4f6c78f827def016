// rc/state, rc/set and rc/commands/list: a plant's writable settings with who may change them, a
// change at the shadow's version (409 with what changed meanwhile), and the command history.
import type { ApiHandlers } from '../http/api-module';
import type { FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import { WRITABLE_KEY_NAMES, type RcState, type PlantKeyRule } from '@helio/contracts';
import type { Database } from '../db/schema';
import type { DeviceServices } from '../iot/services';
import { jsonEqual, type JsonObject, type JsonValue } from '../iot/shadows/json';
import { VersionConflictError } from '../iot/shadows/shadow-limits';
import { WRITABLE_KEYS } from '../iot/shadows/writable-keys';
import { conflict, plantNotFound } from '../http/errors';
import { findTenantPlant, hasPlantRole } from '../plants/access';
import { gatewayStatus } from '../iot/registry/registry';
import { commandView, expireCommands, listCommands } from './commands';
import { sendControl } from './control';

export interface RcDeps {
  db: Kysely<Database>;
  devices: DeviceServices;
}

export async function visiblePlant(db: Kysely<Database>, request: FastifyRequest, plantId: string) {
  const plant = await findTenantPlant(db, request.user, plantId);
  if (!plant) throw plantNotFound();
  return plant;
}

/** epoch ms of the gateway's last report, or null when it never reported. */
async function lastReportedAt(db: Kysely<Database>, thingName: string): Promise<number | null> {
  const row = await db.selectFrom('gateway_reports').select('last_reported_at').where('thing_name', '=', thingName).executeTakeFirst();
  return row?.last_reported_at == null ? null : Number(row.last_reported_at);
}

/** A change retries this often when only measurements moved the version on meanwhile. */
const MAX_ATTEMPTS = 5;

type Settings = { desired: JsonObject; reported: JsonObject };
const sameSettings = (a: Settings, b: { desired: Record<string, unknown>; reported: Record<string, unknown> }) =>
  jsonEqual(a.desired, b.desired as JsonObject) && jsonEqual(a.reported, b.reported as JsonObject);

const ruleView = (rule: PlantKeyRule) => (rule.kind === 'choice' ? { ...rule, choices: [...rule.choices] } : rule);

/** The writable keys of a shadow, desired and reported: what a 409 shows as changed meanwhile. */
function writableState(state: Settings): Settings {
  const pick = (section: JsonObject): JsonObject =>
    Object.fromEntries(WRITABLE_KEY_NAMES.filter((key) => key in section).map((key) => [key, section[key]]));
  return { desired: pick(state.desired), reported: pick(state.reported) };
}

export function rcHandlers({ db, devices }: RcDeps): ApiHandlers {
  return {
    'rc/state': async (request): Promise<RcState> => {
      const plant = await visiblePlant(db, request, request.body.plantId);
      // a value that waited past the command expiry no longer waits: the page loads the shadow without it
      await expireCommands(db, devices.shadows, Date.now(), plant.id);
      const hasBattery = !!plant.battery_kwh;
      const connection = devices.gatewayConnection(plant.thing_name);
      const status = gatewayStatus(await lastReportedAt(db, plant.thing_name), connection, Date.now());
      const permitted = request.user.permissions.includes('devices:control');
      const roleAllows = hasPlantRole(plant.access_role, 'operator');
      return {
        plant: {
          ...{ id: plant.id, name: plant.name, thingName: plant.thing_name, timezone: plant.timezone, hasBattery },
          gridExportLimitKw: plant.grid_export_limit_kw,
        },
        keys: WRITABLE_KEY_NAMES.filter((key) => hasBattery || !WRITABLE_KEYS[key].battery).map((key) => ({
          key,
          rule: ruleView(WRITABLE_KEYS[key]),
        })),
        gateway: { connected: connection?.connected ?? null, since: connection?.since ?? null, status },
        control: { allowed: permitted && roleAllows, reason: !permitted ? 'permission' : roleAllows ? null : 'plantRole' },
      };
    },
    'rc/set': async (request, reply) => {
      const { plantId, seen } = request.body;
      const value = request.body.value as JsonValue;
      const plant = await visiblePlant(db, request, plantId);
      const { key } = request.body;
      let expectedVersion = request.body.expectedVersion;
      for (let attempt = 1; ; attempt++) {
        try {
          const { doc, command } = await sendControl(db, devices, request, plant, { key, value, expectedVersion });
          if (!command) throw new Error('a value sent always has its command');
          return reply.send({ version: doc.version, command: commandView(command) });
        } catch (error) {
          if (!(error instanceof VersionConflictError)) throw error;
          const now = await devices.shadows.get(plant.thing_name);
          const current = writableState(now?.state ?? { desired: {}, reported: {} });
          // Reports of measurements moved the version on, but the settings are as the user saw them.
          if (seen && sameSettings(current, seen) && attempt < MAX_ATTEMPTS) {
            expectedVersion = error.currentVersion;
            continue;
          }
          throw conflict(error.message, { currentVersion: error.currentVersion, expectedVersion: request.body.expectedVersion, current });
        }
      }
    },
    'rc/commands/list': async (request) => {
      const plant = await visiblePlant(db, request, request.body.plantId);
      return { commands: await listCommands(db, devices.shadows, { ...request.body, plantId: plant.id }) };
    },
  };
}
