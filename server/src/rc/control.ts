// The one way a person or an API key changes a device setting, whichever call they use (rc/set, or
// the SPEC's iot/thing/shadow/desired that /ems and /ev send): the key's module (the plant's settings
// need rc, the operating mode rc or ems, a charger's settings ev), the operator role on the plant, the
// key's rule (a battery key needs a battery, a charger key a charger; a charger's currents within its
// rating, min ≤ max) and value, then the desired write
// with its command in the history and its audit entry, all in the write's transaction.
import type { Kysely } from 'kysely';
import { isChargerWritableKey, type ModuleKey } from '@helio/contracts';
import { plantTarget, recordRequestAudit, type RequestCaller } from '../audit/request-audit';
import type { Database } from '../db/schema';
import type { DeviceServices } from '../iot/services';
import type { JsonValue } from '../iot/shadows/json';
import type { ShadowDocument } from '../iot/shadows/shadow-doc';
import { checkDesired, settingRefusal } from '../iot/shadows/writable-keys';
import { checkPlantChargerCurrent } from '../ev/current-limits';
import { ApiError } from '../http/errors';
import { forbiddenModule } from '../iam/access-hook';
import { requirePlantRole, type AccessiblePlant } from '../plants/access';
import { checkValue, ruleFor, sendSetting } from './settings';
import type { RcCommandTable } from './tables';

/** The modules that let a caller change a key (any one of them). */
export function controlModules(key: string): readonly ModuleKey[] {
  if (isChargerWritableKey(key)) return ['ev'];
  return key === 'OperMode' ? ['rc', 'ems'] : ['rc'];
}

async function hasCharger(db: Kysely<Database>, plantId: string): Promise<boolean> {
  const row = await db.selectFrom('devices').select('id').where('plant_id', '=', plantId).where('kind', '=', 'charger').executeTakeFirst();
  return row !== undefined;
}

/** 403 without the key's module or the operator role, 400 for a key or value the plant cannot take. */
async function checkControl(
  db: Kysely<Database>,
  devices: DeviceServices,
  caller: RequestCaller,
  plant: AccessiblePlant,
  control: Control,
): Promise<void> {
  const { key, value } = control;
  const modules = controlModules(key);
  if (!modules.some((module) => caller.user.modules.includes(module))) throw forbiddenModule(modules[0] as string);
  requirePlantRole(plant, 'operator');
  if (isChargerWritableKey(key)) {
    if (!(await hasCharger(db, plant.id)))
      throw new ApiError(400, 'SettingNeedsDevice', `${key} needs a charger; this plant has none`, {
        field: 'key',
        key,
        reason: 'noCharger',
      });
    if (value === null && !control.clearable) throw settingRefusal(key, { ok: false, problem: 'type', message: `${key} needs a value` });
    const check = checkDesired(key, value);
    if (!check.ok) throw settingRefusal(key, check);
    // the charger's rating and min ≤ max, as /ev's own call for an OCPP charger judges them
    await checkPlantChargerCurrent(db, plant.id, await devices.shadows.get(plant.thing_name), key, value);
    return;
  }
  const { key: writable } = ruleFor(key, plant);
  if (value !== null || !control.clearable) checkValue(writable, value);
}

export interface Control {
  key: string;
  /** null clears the key's desired value where `clearable` (the desired call offers it; rc/set does not). */
  value: JsonValue;
  clearable?: boolean;
  expectedVersion?: number;
}

/**
 * Checks and sends one change of a plant's setting as `caller`: the desired write, its command (a value
 * to be confirmed by the device; a clear has none) and its audit entry `devices.control_sent` commit
 * together, and the device hears of it after. A VersionConflictError passes through.
 */
export async function sendControl(
  db: Kysely<Database>,
  devices: DeviceServices,
  caller: RequestCaller,
  plant: AccessiblePlant,
  control: Control,
): Promise<{ doc: ShadowDocument; command: RcCommandTable | undefined }> {
  const { key, value, expectedVersion } = control;
  await checkControl(db, devices, caller, plant, control);
  const user = { id: caller.user.sub, email: caller.user.email };
  return sendSetting(db, devices, plant, { key, value, expectedVersion, source: 'user', user, record: value !== null }, (trx, from) =>
    recordRequestAudit(trx, caller, 'devices.control_sent', plantTarget(plant), { key, from, to: value }),
  );
}
