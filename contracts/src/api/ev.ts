// ev/chargers, ev/sessions and ev/plan: the EV module's reads over the plants' charger keys (a
// gateway's charger; device/charger-keys.ts), and ev/vehicle/* a plant's vehicles (a charge plan turns
// a SoC target into energy with the charger's vehicle). A plant's chargers managed one by one (ev/charger/*,
// ev/id-tag/*: OCPP) are in ocpp.ts; EvEndpoints covers both, as every caller of it expects.
import { Type, type Static } from '@sinclair/typebox';
import { EV_MODES } from '../device/charger-keys';
import {
  EV_FLEET_MAX,
  EV_PLAN_MAX_HOURS,
  EV_PLAN_MAX_KWH,
  EV_PLAN_STEP_MINUTES,
  EV_SESSIONS_MAX,
  PLANT_VEHICLES_MAX,
  VEHICLE_CAPACITY_MAX_KWH,
  VEHICLE_NAME_MAX,
} from '../limits/ev';
import type { ocppEndpoints } from './ocpp';
import { access, endpoint, Id, NoBody, Nullable, NullableEnum, Ok, strict, StringEnum, type EndpointTypes } from './common';

const IsoTime = Type.String({ minLength: 1, maxLength: 40 });
const PLAN_STEPS = (EV_PLAN_MAX_HOURS * 60) / EV_PLAN_STEP_MINUTES;

/** One charger of the fleet as last reported. */
export const ChargerView = Type.Object({
  deviceId: Type.String({ maxLength: 100 }),
  plantId: Type.String({ maxLength: 100 }),
  plantName: Type.String({ maxLength: 200 }),
  thingName: Type.String({ maxLength: 128 }),
  /** The plant's IANA time zone: its day is the day `todayKwh` counts, its clock the export's. */
  timezone: Type.String({ maxLength: 64 }),
  name: Type.String({ maxLength: 200 }),
  ratedPowerKw: Nullable(Type.Number()),
  /** The plant role the caller holds: operator or owner may change the settings. */
  role: StringEnum(['viewer', 'operator', 'owner'] as const),
  /** null: the charger has not reported yet. */
  connected: Nullable(Type.Boolean()),
  powerW: Type.Number(),
  currentA: Type.Number(),
  phases: Type.Number(),
  mode: NullableEnum(EV_MODES),
  minCurrentA: Nullable(Type.Number()),
  maxCurrentA: Nullable(Type.Number()),
  /** 0: automatic. */
  phasesSetting: Nullable(Type.Number()),
  sessionKwh: Type.Number(),
  carSocPct: Nullable(Type.Number()),
  /** Share of the charging power the plant's own PV covers now, %; null while not charging. */
  solarSharePct: Nullable(Type.Number()),
  todayKwh: Type.Number(),
  reportedAt: Nullable(IsoTime),
});
export type ChargerView = Static<typeof ChargerView>;

export const EvSession = Type.Object({
  start: IsoTime,
  /** null: the car is still plugged in. */
  end: Nullable(IsoTime),
  energyKwh: Type.Number(),
  solarKwh: Type.Number(),
  solarSharePct: Type.Number(),
  /** Grid energy × the price of its hour; null when no price is known. */
  costCzk: Nullable(Type.Number()),
  /** Cost per kWh charged (solar counts as free). */
  avgPriceCzkKwh: Nullable(Type.Number()),
  priceSource: NullableEnum(['tariff', 'spot'] as const),
});
export type EvSession = Static<typeof EvSession>;

export const EvMonthTotal = Type.Object({
  month: Type.String({ maxLength: 7 }),
  sessions: Type.Integer(),
  energyKwh: Type.Number(),
  solarKwh: Type.Number(),
  costCzk: Type.Number(),
});
export type EvMonthTotal = Static<typeof EvMonthTotal>;

export const EvSessionList = Type.Object({
  plantId: Type.String({ maxLength: 100 }),
  sessions: Type.Array(EvSession, { maxItems: EV_SESSIONS_MAX }),
  months: Type.Array(EvMonthTotal, { maxItems: 14 }),
  /** More sessions fell in the range than answered (the newest are). */
  truncated: Type.Boolean(),
});
export type EvSessionList = Static<typeof EvSessionList>;

export const EvPlanStep = Type.Object({
  start: IsoTime,
  /** Forecast surplus (PV − load), W; 0 without a forecast. */
  surplusW: Type.Number(),
  priceCzkKwh: Nullable(Type.Number()),
  /** Planned charging power in this step, W (0: not planned). */
  plannedW: Type.Number(),
});
export type EvPlanStep = Static<typeof EvPlanStep>;

export const EvPlan = Type.Object({
  /** The charger device planned for (ev/plan's); null: an OCPP charger added without one (ev/charger/plan). */
  deviceId: Nullable(Type.String({ maxLength: 100 })),
  /** The charger planned for (ev/charger/plan's); null: ev/plan for a device that is no OCPP charger. */
  chargerId: Nullable(Type.String({ maxLength: 100 })),
  neededKwh: Type.Number(),
  plannedKwh: Type.Number(),
  /** false: even charging at full power in every step until departure falls short. */
  reachable: Type.Boolean(),
  shortfallKwh: Type.Number(),
  expectedFinish: Nullable(IsoTime),
  expectedCostCzk: Nullable(Type.Number()),
  solarKwh: Type.Number(),
  chargerW: Type.Number(),
  /** Planned slots, merged where they follow each other, in time order. */
  slots: Type.Array(Type.Object({ start: IsoTime, end: IsoTime, energyKwh: Type.Number() }), { maxItems: PLAN_STEPS }),
  steps: Type.Array(EvPlanStep, { maxItems: PLAN_STEPS }),
  forecastIssuedAt: Nullable(IsoTime),
});
export type EvPlan = Static<typeof EvPlan>;

/** One of a plant's vehicles (evcc's vehicle): its battery and charge limit; its SoC from the charger it is on, else entered by hand. */
export const VehicleView = Type.Object({
  vehicleId: Type.String({ maxLength: 100 }),
  plantId: Type.String({ maxLength: 100 }),
  name: Type.String({ maxLength: VEHICLE_NAME_MAX }),
  capacityKwh: Type.Number(),
  chargeLimitPct: Type.Integer(),
  /** The SoC plans count from: the charger's while it sends one, else the one entered; null: neither. */
  socPct: Nullable(Type.Number()),
  socSource: NullableEnum(['charger', 'manual'] as const),
  /** The SoC entered by hand and when; null: none. */
  manualSocPct: Nullable(Type.Number()),
  manualSocAt: Nullable(IsoTime),
  /** The chargers it is assigned to (normally one). */
  chargerIds: Type.Array(Type.String({ maxLength: 100 }), { maxItems: 50 }),
});
export type VehicleView = Static<typeof VehicleView>;

/** A vehicle as the form sends it; vehicleProblems (limits/ev.ts) judges it further, the form's rule too. */
const VehicleFields = {
  name: Type.String({ minLength: 1, maxLength: VEHICLE_NAME_MAX }),
  capacityKwh: Type.Number({ exclusiveMinimum: 0, maximum: VEHICLE_CAPACITY_MAX_KWH }),
  chargeLimitPct: Type.Integer({ minimum: 1, maximum: 100 }),
  socPct: Nullable(Type.Number({ minimum: 0, maximum: 100 })),
};

/** What a departure plan is asked for: energy or a SoC (exactly one), by a departure within EV_PLAN_MAX_HOURS. */
export const PlanTarget = {
  targetKwh: Type.Optional(Type.Number({ exclusiveMinimum: 0, maximum: EV_PLAN_MAX_KWH })),
  targetSocPct: Type.Optional(Type.Number({ minimum: 1, maximum: 100 })),
  departure: IsoTime,
};

export const evEndpoints = {
  'ev/chargers': endpoint(
    NoBody,
    Type.Object({ chargers: Type.Array(ChargerView, { maxItems: EV_FLEET_MAX }), truncated: Type.Boolean() }),
    access('devices:read', { module: 'ev' }),
  ),
  'ev/sessions': endpoint(
    Type.Object({ plantId: Id, from: IsoTime, to: IsoTime }, strict),
    EvSessionList,
    access('metrics:read', { module: 'ev', tenantResources: [{ field: 'plantId', kind: 'plant' }] }),
  ),
  'ev/plan': endpoint(
    Type.Object({ deviceId: Id, ...PlanTarget }, strict),
    EvPlan,
    access('devices:read', { module: 'ev', tenantResources: [{ field: 'deviceId', kind: 'device' }] }),
  ),
  'ev/vehicle/list': endpoint(
    Type.Object({ plantId: Id }, strict),
    Type.Object({
      vehicles: Type.Array(VehicleView, { maxItems: PLANT_VEHICLES_MAX }),
      /** The caller's role on the plant: an operator may add, change and remove vehicles. */
      role: StringEnum(['viewer', 'operator', 'owner'] as const),
    }),
    access('devices:read', { module: 'ev', tenantResources: [{ field: 'plantId', kind: 'plant' }] }),
  ),
  'ev/vehicle/add': endpoint(
    Type.Object({ plantId: Id, ...VehicleFields }, strict),
    VehicleView,
    access('devices:control', { module: 'ev', tenantResources: [{ field: 'plantId', kind: 'plant' }] }),
  ),
  'ev/vehicle/update': endpoint(
    Type.Object({ plantId: Id, vehicleId: Id, ...VehicleFields }, strict),
    VehicleView,
    access('devices:control', {
      module: 'ev',
      tenantResources: [
        { field: 'plantId', kind: 'plant' },
        { field: 'vehicleId', kind: 'vehicle' },
      ],
    }),
  ),
  /** Removed, and unassigned from its chargers. */
  'ev/vehicle/remove': endpoint(
    Type.Object({ plantId: Id, vehicleId: Id }, strict),
    Ok,
    access('devices:control', {
      module: 'ev',
      tenantResources: [
        { field: 'plantId', kind: 'plant' },
        { field: 'vehicleId', kind: 'vehicle' },
      ],
    }),
  ),
};

/** The EV module's endpoints: these reads and the OCPP chargers' (ocpp.ts). */
export type EvEndpoints = EndpointTypes<typeof evEndpoints & typeof ocppEndpoints>;
