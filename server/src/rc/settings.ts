// One setting sent to a plant: the key's rule (400 for an unknown key, a battery key on a plant
// without a battery, or a wrong value, with the field's message), the desired write, and the command
// recorded for it. Shared by the page's change, the schedules and the fleet command.
import type { Kysely } from 'kysely';
import { isWritableKey, WRITABLE_KEY_NAMES, type WritableKeyName, type WritableRule } from '@helio/contracts';
import type { Database } from '../db/schema';
import type { DeviceServices } from '../iot/services';
import type { JsonValue } from '../iot/shadows/json';
import { deltaOf, type ShadowDocument } from '../iot/shadows/shadow-doc';
import { ApiError } from '../http/errors';
import { checkDesired, settingRefusal, WRITABLE_KEYS } from '../iot/shadows/writable-keys';
import { cancelCommands, confirmCommands, recordCommands, type NewCommand } from './commands';
import type { RcCommandTable } from './tables';

export interface ControlledPlant {
  id: string;
  tenant_id: string;
  name: string;
  thing_name: string;
  battery_kwh: number | null;
}

/** The rule of a key this plant can take; a 400 naming the writable keys otherwise. */
export function ruleFor(key: string, plant: Pick<ControlledPlant, 'battery_kwh'>): { key: WritableKeyName; rule: WritableRule } {
  if (!isWritableKey(key))
    throw settingRefusal(key, {
      ok: false,
      problem: 'unknownKey',
      message: `${key} is not writable (writable: ${WRITABLE_KEY_NAMES.join(', ')})`,
    });
  const rule = WRITABLE_KEYS[key];
  if (rule.battery && !plant.battery_kwh)
    throw new ApiError(400, 'SettingNeedsDevice', `${key} needs a battery; this plant has none`, {
      field: 'key',
      key,
      reason: 'noBattery',
    });
  return { key, rule };
}

/** A 400 with the field's message when the value breaks the key's rule. */
export function checkValue(key: WritableKeyName, value: JsonValue, now = Date.now()): void {
  const check = value === null ? ({ ok: false, problem: 'type', message: `${key} needs a value` } as const) : checkDesired(key, value, now);
  if (!check.ok) throw settingRefusal(key, check);
}

/** What a key is now: the value asked for, else the value reported, else null. */
export function currentValue(doc: ShadowDocument | undefined, key: string): JsonValue {
  return doc?.state.desired[key] ?? doc?.state.reported[key] ?? null;
}

/** Confirms at once the commands whose value the device already reports (it may answer before they are recorded). */
export async function confirmIfInSync(db: Kysely<Database>, devices: DeviceServices, rows: readonly RcCommandTable[]): Promise<void> {
  for (const row of rows) {
    const doc = await devices.shadows.get(row.thing_name);
    const reported = doc?.state.reported[row.key];
    if (doc && reported !== undefined && !(row.key in deltaOf(doc))) await confirmCommands(db, row.thing_name, row.key, reported);
  }
}

export interface Setting {
  key: string;
  value: JsonValue;
  expectedVersion?: number;
  source: NewCommand['source'];
  user: NewCommand['user'];
  /** Record a command to be confirmed (default); a cleared key has no value to confirm. */
  record?: boolean;
}

/**
 * Sets one key's desired value (optionally at an expected shadow version) and records the command,
 * with `audit(trx, from)`, in the desired write's transaction: all of them commit or none, and the
 * device hears of the change after the commit.
 */
export async function sendSetting(
  db: Kysely<Database>,
  devices: DeviceServices,
  plant: ControlledPlant,
  setting: Setting,
  audit?: (trx: Kysely<Database>, from: JsonValue) => Promise<void>,
): Promise<{ doc: ShadowDocument; command: RcCommandTable | undefined }> {
  const before = await devices.shadows.get(plant.thing_name);
  let command: RcCommandTable | undefined;
  const change = await devices.shadows.setDesired(plant.thing_name, { [setting.key]: setting.value }, Date.now(), {
    expectedVersion: setting.expectedVersion,
    withChange: async (trx, written) => {
      const from = currentValue(written.previous ?? before, setting.key);
      if (setting.record !== false) {
        const { tenant_id: tenantId, id: plantId, thing_name: thingName } = plant;
        [command] = await recordCommands(trx, [
          { tenantId, plantId, thingName, key: setting.key, from, to: setting.value, source: setting.source, user: setting.user },
        ]);
      } else {
        // A cleared key withdraws what was waiting for it: its open commands are cancelled, not left "sent".
        await cancelCommands(trx, plant.id, setting.key);
      }
      await audit?.(trx, from);
    },
  });
  if (command) await confirmIfInSync(db, devices, [command]);
  return { doc: change.doc, command };
}
