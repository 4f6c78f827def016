// Remote control: a plant's writable settings with their state, the commands sent, schedules that set
// a key for a time window, and fleet commands over a tag.
import { Type, type Static } from '@sinclair/typebox';
import { WRITABLE_KEY_NAMES } from '../device/writable-keys';
import {
  RC_COMMAND_SOURCES,
  RC_COMMAND_STATES,
  RC_DATE_PATTERN,
  RC_FLEET_KEYS,
  RC_FLEET_MAX_PLANTS,
  RC_FLEET_OUTCOMES,
  RC_HISTORY_MAX,
  RC_SCHEDULE_KINDS,
  RC_SCHEDULES_MAX,
  RC_TIME_PATTERN,
} from '../limits/rc';
import { endpoint, Id, IdBody, Nullable, Ok, strict, StringEnum, type EndpointTypes, access } from './common';

/** Any key name: an unknown one is answered 400 by the handler with the writable keys listed. */
const KeyName = Type.String({ minLength: 1, maxLength: 64 });
/** A setting's value (number, text or a force charge); its key's rule decides. */
const Value = Type.Unknown();
const Time = Type.String({ pattern: RC_TIME_PATTERN, maxLength: 5, examples: ['01:00'] });

export const RcRule = Type.Object({
  kind: StringEnum(['integer', 'choice', 'forceCharge'] as const),
  unit: Type.Optional(Type.String()),
  min: Type.Optional(Type.Number()),
  max: Type.Optional(Type.Number()),
  choices: Type.Optional(Type.Array(Type.String(), { maxItems: 50 })),
  targetSoc: Type.Optional(Type.Object({ min: Type.Number(), max: Type.Number() })),
  maxHours: Type.Optional(Type.Number()),
  battery: Type.Boolean(),
});

export const RcState = Type.Object({
  plant: Type.Object({
    id: Type.String(),
    name: Type.String(),
    thingName: Type.String(),
    timezone: Type.String(),
    hasBattery: Type.Boolean(),
    /** The plant's own export limit setting, kW (shown only while the inverter never reported one). */
    gridExportLimitKw: Nullable(Type.Number()),
  }),
  keys: Type.Array(Type.Object({ key: StringEnum(WRITABLE_KEY_NAMES), rule: RcRule }), { maxItems: 20 }),
  /**
   * What the broker last said of the gateway (null: nothing known yet), and the plant's status as every
   * page shows it (registry.ts gatewayStatus): a plant that never reported is offline, not "unknown".
   */
  gateway: Type.Object({
    connected: Nullable(Type.Boolean()),
    since: Nullable(Type.Integer()),
    status: StringEnum(['online', 'offline'] as const),
  }),
  /** Whether the caller may change settings, and if not why. */
  control: Type.Object({
    allowed: Type.Boolean(),
    reason: Type.Unsafe<'permission' | 'plantRole' | null>({ type: ['string', 'null'], enum: ['permission', 'plantRole', null] }),
  }),
});
export type RcState = Static<typeof RcState>;

export const RcCommand = Type.Object({
  id: Type.String(),
  plantId: Type.String(),
  key: Type.String(),
  from: Value,
  to: Value,
  state: StringEnum(RC_COMMAND_STATES),
  source: StringEnum(RC_COMMAND_SOURCES),
  userEmail: Nullable(Type.String()),
  sentAt: Type.String(),
  confirmedAt: Nullable(Type.String()),
  /** From sent to confirmed, ms. */
  confirmMs: Nullable(Type.Integer()),
});
export type RcCommand = Static<typeof RcCommand>;

export const RcSchedule = Type.Object({
  id: Type.String(),
  plantId: Type.String(),
  key: Type.String(),
  value: Value,
  kind: StringEnum(RC_SCHEDULE_KINDS),
  /** The day of a one-off window (plant's calendar), else null. */
  date: Nullable(Type.String()),
  start: Type.String(),
  end: Type.String(),
  /** The window is on now: the key was set at its start and not yet restored. */
  active: Type.Boolean(),
  /** The value put back at the end (taken at the start). */
  restoreValue: Value,
  createdBy: Nullable(Type.String()),
  createdAt: Type.String(),
  /** The user or API key that made it may no longer control the plant: no window of it starts. */
  suspended: Type.Boolean(),
});
export type RcSchedule = Static<typeof RcSchedule>;

export const RcFleetPlant = Type.Object({ id: Type.String(), name: Type.String(), allowed: Type.Boolean() });
export const RcFleetResult = Type.Object({ plantId: Type.String(), name: Type.String(), outcome: StringEnum(RC_FLEET_OUTCOMES) });
export type RcFleetResult = Static<typeof RcFleetResult>;

const PlantBody = Type.Object({ plantId: Id }, strict);
/** Settings by key (writable keys only). */
const SettingsMap = Type.Record(Type.String({ maxLength: 64 }), Value, { maxProperties: 20 });
/**
 * The writable keys the user saw with the version: a gateway reports every few seconds and each
 * report moves the version on, so the server answers 409 only when one of these settings changed.
 */
const SeenSettings = Type.Object({ desired: SettingsMap, reported: SettingsMap }, strict);

export const rcEndpoints = {
  'rc/state': endpoint(
    PlantBody,
    RcState,
    access('devices:read', { module: 'rc', tenantResources: [{ field: 'plantId', kind: 'plant' }] }),
  ),
  'rc/set': endpoint(
    Type.Object(
      { plantId: Id, key: KeyName, value: Value, expectedVersion: Type.Integer({ minimum: 0 }), seen: Type.Optional(SeenSettings) },
      strict,
    ),
    Type.Object({ version: Type.Integer(), command: RcCommand }),
    access('devices:control', { module: 'rc', tenantResources: [{ field: 'plantId', kind: 'plant' }] }),
  ),
  'rc/commands/list': endpoint(
    Type.Object(
      {
        plantId: Id,
        key: Type.Optional(KeyName),
        state: Type.Optional(StringEnum(RC_COMMAND_STATES)),
        limit: Type.Optional(Type.Integer({ minimum: 1, maximum: RC_HISTORY_MAX })),
      },
      strict,
    ),
    Type.Object({ commands: Type.Array(RcCommand, { maxItems: RC_HISTORY_MAX }) }),
    access('devices:read', { module: 'rc', tenantResources: [{ field: 'plantId', kind: 'plant' }] }),
  ),
  'rc/schedules/list': endpoint(
    PlantBody,
    Type.Object({ schedules: Type.Array(RcSchedule, { maxItems: RC_SCHEDULES_MAX }) }),
    access('devices:read', { module: 'rc', tenantResources: [{ field: 'plantId', kind: 'plant' }] }),
  ),
  'rc/schedules/create': endpoint(
    Type.Object(
      {
        plantId: Id,
        key: KeyName,
        value: Value,
        kind: StringEnum(RC_SCHEDULE_KINDS),
        date: Type.Optional(Type.String({ pattern: RC_DATE_PATTERN, maxLength: 10, examples: ['2026-01-01'] })),
        start: Time,
        end: Time,
      },
      strict,
    ),
    RcSchedule,
    access('devices:control', { module: 'rc', tenantResources: [{ field: 'plantId', kind: 'plant' }] }),
  ),
  'rc/schedules/delete': endpoint(
    IdBody,
    Ok,
    access('devices:control', { module: 'rc', tenantResources: [{ field: 'id', kind: 'schedule' }] }),
  ),
  'rc/fleet/plants': endpoint(
    Type.Object({ tagId: Id }, strict),
    Type.Object({ plants: Type.Array(RcFleetPlant, { maxItems: 10_000 }) }),
    access('devices:read', { module: 'rc', tenantResources: [{ field: 'tagId', kind: 'tag' }] }),
  ),
  'rc/fleet/apply': endpoint(
    Type.Object(
      {
        tagId: Id,
        /** A chunk of the tag's plants (the console's progress); every plant of the tag when left out. */
        plantIds: Type.Optional(Type.Array(Id, { minItems: 1, maxItems: RC_FLEET_MAX_PLANTS, uniqueItems: true })),
        key: StringEnum(RC_FLEET_KEYS),
        value: Value,
      },
      strict,
    ),
    Type.Object({ results: Type.Array(RcFleetResult, { maxItems: RC_FLEET_MAX_PLANTS }), serverMs: Type.Number() }),
    access('devices:control', { module: 'rc', tenantResources: [{ field: 'tagId', kind: 'tag' }] }),
  ),
};
export type RcEndpoints = EndpointTypes<typeof rcEndpoints>;
