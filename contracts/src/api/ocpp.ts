// ev/charger/* and ev/id-tag/*: a plant's chargers managed one by one (docs/ocpp.md): added, removed,
// their password (answered once, only its hash stored), their settings, calls, sessions and the
// plant's RFID cards. The paths stay under ev/ (the EV module's), listed in registry.ts beside ev.ts.
import { Type, type Static } from '@sinclair/typebox';
import { EV_CURRENT_MAX_A, EV_CURRENT_MIN_A, EV_MODES, EV_PHASES, EV_PLAN_MAX_SLOTS } from '../device/charger-keys';
import {
  CHARGE_POINT_ID_MAX,
  CHARGE_POINT_ID_PATTERN_SOURCE,
  CHARGER_COMMAND_STATES,
  CHARGER_COMMANDS_MAX,
  CHARGER_NAME_MAX,
  CHARGER_SESSIONS_MAX,
  ID_TAG_MAX,
  ID_TAG_NAME_MAX,
  ID_TAG_PATTERN_SOURCE,
  OCPP_CONNECTOR_STATUSES,
  PLANT_CHARGERS_MAX,
  PLANT_ID_TAGS_MAX,
  DEPARTURE_TIME_PATTERN_SOURCE,
  EV_PRICE_LIMIT_MAX_CZK,
  EV_PRICE_LIMIT_MIN_CZK,
  VEHICLE_NAME_MAX,
  WEEKDAYS,
} from '../limits/ev';
import { EvPlan, PlanTarget } from './ev';
import { access, endpoint, Id, Nullable, NullableEnum, Ok, strict, StringEnum, type EndpointTypes } from './common';

const IsoTime = Type.String({ minLength: 1, maxLength: 40 });

/** What an OCPP charger needs to connect, answered once (ev/charger/add, ev/charger/password/rotate). */
export const ChargerLogin = Type.Object({
  chargerId: Type.String({ maxLength: 100 }),
  /** `ws(s)://<console>/ocpp/{chargePointId}`: most chargers take the part before the id and the id apart. */
  ocppUrl: Type.String({ maxLength: 2000 }),
  /** 40 hexadecimal digits (OCPP's AuthorizationKey), shown this once. */
  password: Type.String({ maxLength: 100 }),
});
export type ChargerLogin = Static<typeof ChargerLogin>;

/** A connector's last StatusNotification (0 is the charger itself). */
export const OcppConnectorView = Type.Object({
  connectorId: Type.Integer(),
  status: StringEnum(OCPP_CONNECTOR_STATUSES),
  errorCode: Type.String({ maxLength: 50 }),
  info: Nullable(Type.String({ maxLength: 50 })),
  statusAt: IsoTime,
});
export type OcppConnectorView = Static<typeof OcppConnectorView>;

/** A charger's live values: an OCPP charger's from its own MeterValues and StatusNotification, a gateway's charger's from the plant's report. */
export const ChargerLive = Type.Object({
  powerW: Type.Number(),
  currentA: Type.Number(),
  activePhases: Type.Number(),
  sessionKwh: Type.Number(),
  /** null: not reported yet. */
  carConnected: Nullable(Type.Boolean()),
  /** Only while a car is plugged in (the last car's stays in the report). */
  carSocPct: Nullable(Type.Number()),
  /** Share of its charging power the plant's grid does not deliver now, %; null while not charging. */
  solarSharePct: Nullable(Type.Number()),
  reportedAt: Nullable(IsoTime),
});
export type ChargerLive = Static<typeof ChargerLive>;

/** A plan that repeats: each chosen weekday, depart at this time of the plant's day with this SoC (evcc's repeating plans). */
export const WeeklyPlan = Type.Object(
  {
    /** ISO weekdays: 1 Monday … 7 Sunday. */
    weekdays: Type.Array(Type.Integer({ minimum: 1, maximum: 7 }), { minItems: 1, maxItems: WEEKDAYS.length, uniqueItems: true }),
    /** HH:MM, 24 h, the plant's time zone. */
    time: Type.String({ pattern: DEPARTURE_TIME_PATTERN_SOURCE, maxLength: 5, examples: ['07:00'] }),
    targetSocPct: Type.Integer({ minimum: 1, maximum: 100 }),
  },
  strict,
);
export type WeeklyPlan = Static<typeof WeeklyPlan>;

const Phases = Type.Union(EV_PHASES.map((p) => Type.Literal(p)));

/** One charger of a plant: what it told at boot, its connection, its connectors, its settings and live values. */
export const OcppChargerView = Type.Object({
  chargerId: Type.String({ maxLength: 100 }),
  plantId: Type.String({ maxLength: 100 }),
  /**
   * `ocpp`: it speaks OCPP to the console and keeps its settings itself. `gateway`: carried over from
   * before OCPP without a password, driven by the plant's gateway through the plant's charger keys,
   * which its settings are (until it gets a password and connects over OCPP).
   */
  driver: StringEnum(['ocpp', 'gateway'] as const),
  /** The plant's device row it describes (a charge plan needs one), when there is one. */
  deviceId: Nullable(Type.String({ maxLength: 100 })),
  mode: StringEnum(EV_MODES),
  /** 0: automatic; 1 or 3. */
  phases: Phases,
  /** The phases the charger is wired for. */
  hwPhases: Type.Integer(),
  live: ChargerLive,
  chargePointId: Type.String({ maxLength: CHARGE_POINT_ID_MAX }),
  name: Type.String({ maxLength: CHARGER_NAME_MAX }),
  ocppUrl: Type.String({ maxLength: 2000 }),
  /** null: it never connected. */
  connection: NullableEnum(['online', 'offline'] as const),
  connectionAt: Nullable(IsoTime),
  /** false: a charger carried over from before OCPP, which cannot connect until a password is set. */
  hasPassword: Type.Boolean(),
  vendor: Nullable(Type.String({ maxLength: 100 })),
  model: Nullable(Type.String({ maxLength: 100 })),
  serial: Nullable(Type.String({ maxLength: 100 })),
  firmware: Nullable(Type.String({ maxLength: 100 })),
  bootedAt: Nullable(IsoTime),
  lastHeartbeatAt: Nullable(IsoTime),
  /** The current limits the solar modes keep to, A, and what the charger's hardware allows. */
  minCurrentA: Type.Number(),
  maxCurrentA: Type.Number(),
  hwMaxCurrentA: Type.Number(),
  /** true: any id tag starts a session on it; false: only the plant's id tags that are not blocked. */
  freeCharging: Type.Boolean(),
  /**
   * Home battery first: while the plant's battery SoC is below this, %, PV and Min+PV do not count the
   * power the battery is taking as surplus (evcc's prioritySoc). 0: off.
   */
  batteryFirstBelowPct: Type.Integer(),
  /** Charge only below this price, CZK/kWh: above it Now, Min+PV and a plan's slots take the PV surplus only; null: no limit. */
  priceLimitCzkKwh: Nullable(Type.Number()),
  /** The price now the limit is judged by (the plant's tariff, else spot); null: no limit, or no price known (then no limit holds). */
  priceNowCzkKwh: Nullable(Type.Number()),
  /** The plant's vehicle charging on it; null: none assigned. */
  vehicleId: Nullable(Type.String({ maxLength: 100 })),
  weeklyPlan: Nullable(WeeklyPlan),
  /** The weekly plan's next departure (the plant's wall clock); null without one. */
  nextDeparture: Nullable(IsoTime),
  /** The running session's OCPP transaction id; null: none runs. */
  transactionId: Nullable(Type.Integer()),
  connectors: Type.Array(OcppConnectorView, { maxItems: 100 }),
});
export type OcppChargerView = Static<typeof OcppChargerView>;

const ChargerIdBody = Type.Object({ chargerId: Id }, strict);

/** One call the server sent a charger: pending until its answer, then accepted, rejected, failed or timed out. */
export const ChargerCommandView = Type.Object({
  id: Type.String({ maxLength: 100 }),
  chargerId: Type.String({ maxLength: 100 }),
  action: Type.String({ maxLength: 50 }),
  state: StringEnum(CHARGER_COMMAND_STATES),
  /** The answer's status (Accepted, Rejected, …) or the CALLERROR's code. */
  answerStatus: Nullable(Type.String({ maxLength: 100 })),
  source: StringEnum(['user', 'controller', 'system'] as const),
  userEmail: Nullable(Type.String({ maxLength: 320 })),
  sentAt: IsoTime,
  answeredAt: Nullable(IsoTime),
});
export type ChargerCommandView = Static<typeof ChargerCommandView>;

/** One OCPP transaction of a charger: from StartTransaction to StopTransaction, energy by its meter register. */
export const ChargerSessionView = Type.Object({
  transactionId: Type.Integer(),
  idTag: Type.String({ maxLength: ID_TAG_MAX }),
  /** The card's name on the plant's list; null: not on it (free charging, or removed since). */
  idTagName: Nullable(Type.String({ maxLength: ID_TAG_NAME_MAX })),
  /** The vehicle on the charger when the session started; null: none, or removed since. */
  vehicleName: Nullable(Type.String({ maxLength: VEHICLE_NAME_MAX })),
  start: IsoTime,
  /** null: it runs. */
  end: Nullable(IsoTime),
  /** Meter register at stop (or the newest one while it runs) minus the one at start. */
  energyKwh: Type.Number(),
  /** What the plant's grid did not deliver of it (an import counted against the car first). */
  solarKwh: Type.Number(),
  /** The grid energy of it at the price of its time (the plant's tariff, else spot); null when no price is known. */
  costCzk: Nullable(Type.Number()),
  priceSource: NullableEnum(['tariff', 'spot'] as const),
  /** StopTransaction's reason (Local, Remote, EVDisconnected, …). */
  stopReason: Nullable(Type.String({ maxLength: 50 })),
});
export type ChargerSessionView = Static<typeof ChargerSessionView>;

/** One of a plant's id tags (RFID cards): Authorize and StartTransaction accept it unless blocked. */
export const IdTagView = Type.Object({
  idTag: Type.String({ maxLength: ID_TAG_MAX }),
  name: Type.String({ maxLength: ID_TAG_NAME_MAX }),
  blocked: Type.Boolean(),
  createdAt: IsoTime,
});
export type IdTagView = Static<typeof IdTagView>;

/** An id tag as a card reader gives it; the plant's tags compare case-insensitively (OCPP's CiString20). */
const IdTag = Type.String({ minLength: 1, maxLength: ID_TAG_MAX, pattern: ID_TAG_PATTERN_SOURCE });
const IdTagBody = Type.Object({ plantId: Id, idTag: Type.String({ minLength: 1, maxLength: ID_TAG_MAX }) }, strict);

/** Whole amperes; the charger's hardware bounds them further, and min ≤ max (chargerCurrentProblems). */
const Amperes = Type.Integer({ minimum: EV_CURRENT_MIN_A, maximum: EV_CURRENT_MAX_A });
/** Home battery first below this plant battery SoC: whole percent, 0 (off) to 100. */
const BatteryFirstPct = Type.Integer({ minimum: 0, maximum: 100 });

export const ocppEndpoints = {
  'ev/charger/add': endpoint(
    Type.Object(
      {
        plantId: Id,
        chargePointId: Type.String({ minLength: 1, maxLength: CHARGE_POINT_ID_MAX, pattern: CHARGE_POINT_ID_PATTERN_SOURCE }),
        name: Type.String({ minLength: 1, maxLength: CHARGER_NAME_MAX }),
      },
      strict,
    ),
    ChargerLogin,
    access('plants:write', { module: 'ev', tenantResources: [{ field: 'plantId', kind: 'plant' }] }),
  ),
  'ev/charger/remove': endpoint(
    ChargerIdBody,
    Ok,
    access('plants:write', { module: 'ev', tenantResources: [{ field: 'chargerId', kind: 'charger' }] }),
  ),
  'ev/charger/list': endpoint(
    Type.Object({ plantId: Id }, strict),
    Type.Object({
      chargers: Type.Array(OcppChargerView, { maxItems: PLANT_CHARGERS_MAX }),
      /** The caller's role on the plant: an operator may control the chargers, the owner also add and remove them. */
      role: StringEnum(['viewer', 'operator', 'owner'] as const),
    }),
    access('devices:read', { module: 'ev', tenantResources: [{ field: 'plantId', kind: 'plant' }] }),
  ),
  'ev/charger/password/rotate': endpoint(
    ChargerIdBody,
    ChargerLogin,
    access('plants:write', { module: 'ev', tenantResources: [{ field: 'chargerId', kind: 'charger' }] }),
  ),
  'ev/charger/remote-start': endpoint(
    Type.Object(
      {
        chargerId: Id,
        idTag: Type.String({ minLength: 1, maxLength: ID_TAG_MAX }),
        connectorId: Type.Optional(Type.Integer({ minimum: 1, maximum: 100 })),
      },
      strict,
    ),
    ChargerCommandView,
    access('devices:control', { module: 'ev', tenantResources: [{ field: 'chargerId', kind: 'charger' }] }),
  ),
  'ev/charger/remote-stop': endpoint(
    ChargerIdBody,
    ChargerCommandView,
    access('devices:control', { module: 'ev', tenantResources: [{ field: 'chargerId', kind: 'charger' }] }),
  ),
  /** The whole charger (connector 0, when none is named) or one connector made Operative or Inoperative (OCPP ChangeAvailability). */
  'ev/charger/availability': endpoint(
    Type.Object(
      { chargerId: Id, connectorId: Type.Optional(Type.Integer({ minimum: 0, maximum: 100 })), available: Type.Boolean() },
      strict,
    ),
    ChargerCommandView,
    access('devices:control', { module: 'ev', tenantResources: [{ field: 'chargerId', kind: 'charger' }] }),
  ),
  /** A Soft or Hard reset (OCPP Reset): the plant's owner only (an operator may not); /ev asks to confirm first. */
  'ev/charger/reset': endpoint(
    Type.Object({ chargerId: Id, type: StringEnum(['Soft', 'Hard'] as const) }, strict),
    ChargerCommandView,
    access('devices:control', { module: 'ev', tenantResources: [{ field: 'chargerId', kind: 'charger' }] }),
  ),
  'ev/charger/commands': endpoint(
    ChargerIdBody,
    Type.Object({ commands: Type.Array(ChargerCommandView, { maxItems: CHARGER_COMMANDS_MAX }) }),
    access('devices:read', { module: 'ev', tenantResources: [{ field: 'chargerId', kind: 'charger' }] }),
  ),
  'ev/charger/current': endpoint(
    Type.Object({ chargerId: Id, minCurrentA: Amperes, maxCurrentA: Amperes }, strict),
    Type.Object({ minCurrentA: Type.Number(), maxCurrentA: Type.Number(), hwMaxCurrentA: Type.Number() }),
    access('devices:control', { module: 'ev', tenantResources: [{ field: 'chargerId', kind: 'charger' }] }),
  ),
  'ev/charger/sessions': endpoint(
    ChargerIdBody,
    Type.Object({ sessions: Type.Array(ChargerSessionView, { maxItems: CHARGER_SESSIONS_MAX }) }),
    access('metrics:read', { module: 'ev', tenantResources: [{ field: 'chargerId', kind: 'charger' }] }),
  ),
  /** Mode and phases; batteryFirstBelowPct (an OCPP charger's only) when given, else it stays. */
  'ev/charger/settings': endpoint(
    Type.Object(
      { chargerId: Id, mode: StringEnum(EV_MODES), phases: Phases, batteryFirstBelowPct: Type.Optional(BatteryFirstPct) },
      strict,
    ),
    Type.Object({ mode: StringEnum(EV_MODES), phases: Phases, batteryFirstBelowPct: Type.Integer() }),
    access('devices:control', { module: 'ev', tenantResources: [{ field: 'chargerId', kind: 'charger' }] }),
  ),
  /**
   * The charger's departure plan (ev/plan's, for any charger of the plant: an OCPP charger's power is its
   * current limit on its phases, its SoC the car's over OCPP, else its vehicle's entered one).
   */
  'ev/charger/plan': endpoint(
    Type.Object({ chargerId: Id, ...PlanTarget }, strict),
    EvPlan,
    access('devices:read', { module: 'ev', tenantResources: [{ field: 'chargerId', kind: 'charger' }] }),
  ),
  /** Plan mode with these slots ([startMs, endMs], full power inside them, surplus outside). */
  'ev/charger/plan/apply': endpoint(
    Type.Object(
      {
        chargerId: Id,
        slots: Type.Array(Type.Tuple([Type.Integer({ minimum: 0 }), Type.Integer({ minimum: 0 })]), { maxItems: EV_PLAN_MAX_SLOTS }),
      },
      strict,
    ),
    Ok,
    access('devices:control', { module: 'ev', tenantResources: [{ field: 'chargerId', kind: 'charger' }] }),
  ),
  'ev/charger/free-charging': endpoint(
    Type.Object({ chargerId: Id, freeCharging: Type.Boolean() }, strict),
    Type.Object({ freeCharging: Type.Boolean() }),
    access('plants:write', { module: 'ev', tenantResources: [{ field: 'chargerId', kind: 'charger' }] }),
  ),
  /** Charge only below this price (CZK/kWh); null: no limit. An OCPP charger's only (409 for a gateway's). */
  'ev/charger/price-limit': endpoint(
    Type.Object(
      { chargerId: Id, priceLimitCzkKwh: Nullable(Type.Number({ minimum: EV_PRICE_LIMIT_MIN_CZK, maximum: EV_PRICE_LIMIT_MAX_CZK })) },
      strict,
    ),
    Type.Object({ priceLimitCzkKwh: Nullable(Type.Number()) }),
    access('devices:control', { module: 'ev', tenantResources: [{ field: 'chargerId', kind: 'charger' }] }),
  ),
  /** The plant's vehicle that charges on it (its battery turns a SoC target into energy); null: none. */
  'ev/charger/vehicle': endpoint(
    Type.Object({ chargerId: Id, vehicleId: Nullable(Id) }, strict),
    Type.Object({ vehicleId: Nullable(Type.String({ maxLength: 100 })) }),
    access('devices:control', {
      module: 'ev',
      tenantResources: [
        { field: 'chargerId', kind: 'charger' },
        { field: 'vehicleId', kind: 'vehicle' },
      ],
    }),
  ),
  /** A plan that repeats on weekdays; null: none. Answers its next departure. An OCPP charger's only (409 for a gateway's). */
  'ev/charger/weekly-plan': endpoint(
    Type.Object({ chargerId: Id, weeklyPlan: Nullable(WeeklyPlan) }, strict),
    Type.Object({ weeklyPlan: Nullable(WeeklyPlan), nextDeparture: Nullable(IsoTime) }),
    access('devices:control', { module: 'ev', tenantResources: [{ field: 'chargerId', kind: 'charger' }] }),
  ),
  'ev/id-tag/list': endpoint(
    Type.Object({ plantId: Id }, strict),
    Type.Object({
      idTags: Type.Array(IdTagView, { maxItems: PLANT_ID_TAGS_MAX }),
      /** The caller's role on the plant: the owner may add, block and remove id tags. */
      role: StringEnum(['viewer', 'operator', 'owner'] as const),
    }),
    access('devices:read', { module: 'ev', tenantResources: [{ field: 'plantId', kind: 'plant' }] }),
  ),
  'ev/id-tag/add': endpoint(
    Type.Object({ plantId: Id, idTag: IdTag, name: Type.String({ minLength: 1, maxLength: ID_TAG_NAME_MAX }) }, strict),
    IdTagView,
    access('plants:write', { module: 'ev', tenantResources: [{ field: 'plantId', kind: 'plant' }] }),
  ),
  'ev/id-tag/block': endpoint(
    Type.Object({ plantId: Id, idTag: Type.String({ minLength: 1, maxLength: ID_TAG_MAX }), blocked: Type.Boolean() }, strict),
    IdTagView,
    access('plants:write', { module: 'ev', tenantResources: [{ field: 'plantId', kind: 'plant' }] }),
  ),
  'ev/id-tag/remove': endpoint(
    IdTagBody,
    Ok,
    access('plants:write', { module: 'ev', tenantResources: [{ field: 'plantId', kind: 'plant' }] }),
  ),
};
export type OcppEndpoints = EndpointTypes<typeof ocppEndpoints>;
