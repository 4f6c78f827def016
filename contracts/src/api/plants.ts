// plant/list, plant/detail, plant/update (optimistic concurrency on `version`) and plant/create (with
// the thing name the server issues and the gateway login, answered once).
import { Type, type Static } from '@sinclair/typebox';
import { PLANT_LIST_LIMIT_MAX, PLANT_SEARCH_MAX } from '../limits/fleet';
import { TARIFF_CURRENCIES, TEXT_LIMITS } from '../limits/plants';
import { endpoint, Id, IdBody, Nullable, strict, StringEnum, type EndpointTypes, access } from './common';

const NumberOrNull = Nullable(Type.Number());
/**
 * Text settings take twice their limit through the schema: the limit itself is judged by
 * settingProblems, which answers one message per field rather than a schema error.
 */
const SettingText = (field: keyof typeof TEXT_LIMITS) => Type.String({ maxLength: TEXT_LIMITS[field].maxLength * 2 });
/** Written as nullable (the settings' shape) but never null once stored: a plant always has it. */
const StoredNumber = Type.Unsafe<number>(NumberOrNull);

export const GatewayLogin = Type.Object({ username: Type.String(), password: Type.String() });
/** A gateway's MQTT login, answered once (plant/create, plant/gateway/credentials/rotate). */
export type GatewayLogin = Static<typeof GatewayLogin>;

export const Plant = Type.Object({
  id: Type.String(),
  name: Type.String(),
  thingName: Type.String(),
  location: Type.String(),
  latitude: Type.Number(),
  longitude: Type.Number(),
  timezone: Type.String(),
  pvPeakKw: Type.Number(),
  batteryKwh: Nullable(Type.Number()),
  chargerKw: Nullable(Type.Number()),
  /**
   * The plant's own export limit setting, kW (null: none): every page words the limit in force from it
   * and the shadow (shared-utils usePlantExportLimit). Always answered; optional for the callers' own
   * plants they build (tests, API clients).
   */
  gridExportLimitKw: Type.Optional(Nullable(Type.Number())),
});
export type Plant = Static<typeof Plant>;

const settingText = {
  name: SettingText('name'),
  location: SettingText('location'),
  address: SettingText('address'),
  timezone: SettingText('timezone'),
  tariffName: SettingText('tariffName'),
};
const settingNumbers = {
  latitude: NumberOrNull,
  longitude: NumberOrNull,
  pvPeakKw: NumberOrNull,
  /** Degrees from horizontal, 0–90. */
  tiltDeg: NumberOrNull,
  /** Degrees: 0 = south, −90 = east, +90 = west, ±180 = north. */
  azimuthDeg: NumberOrNull,
  batteryKwh: NumberOrNull,
  batteryMaxSocPct: NumberOrNull,
  batteryMaxChargeKw: NumberOrNull,
  batteryMaxDischargeKw: NumberOrNull,
  chargerKw: NumberOrNull,
  /** null: no export limit. */
  gridExportLimitKw: NumberOrNull,
  tariffPricePerKwh: NumberOrNull,
};
const TariffCurrencySchema = StringEnum(TARIFF_CURRENCIES);

/** Every setting plant/update may change, any subset of them (an empty change is refused: it would only raise the version). */
export const PlantSettingsChange = Type.Partial(Type.Object({ ...settingText, ...settingNumbers, tariffCurrency: TariffCurrencySchema }), {
  additionalProperties: false,
  minProperties: 1,
});

/** A plant with every setting and its version: what plant/detail, plant/update and plant/create answer. */
export const PlantDetail = Type.Object({
  id: Type.String(),
  name: settingText.name,
  thingName: Type.String(),
  location: settingText.location,
  latitude: StoredNumber,
  longitude: StoredNumber,
  timezone: settingText.timezone,
  pvPeakKw: StoredNumber,
  batteryKwh: NumberOrNull,
  chargerKw: NumberOrNull,
  address: settingText.address,
  tariffName: settingText.tariffName,
  tiltDeg: NumberOrNull,
  azimuthDeg: NumberOrNull,
  batteryMaxSocPct: NumberOrNull,
  batteryMaxChargeKw: NumberOrNull,
  batteryMaxDischargeKw: NumberOrNull,
  gridExportLimitKw: NumberOrNull,
  tariffPricePerKwh: NumberOrNull,
  tariffCurrency: TariffCurrencySchema,
  /** Raised by every update; plant/update answers 409 with `details.current` when it is stale. */
  version: Type.Integer(),
  createdAt: Type.String(),
  updatedAt: Nullable(Type.String()),
});
export type PlantDetail = Static<typeof PlantDetail>;

export const PlantCreateRequest = Type.Object(
  {
    name: settingText.name,
    location: settingText.location,
    address: Type.Optional(settingText.address),
    latitude: settingNumbers.latitude,
    longitude: settingNumbers.longitude,
    timezone: settingText.timezone,
    pvPeakKw: settingNumbers.pvPeakKw,
    batteryKwh: Type.Optional(settingNumbers.batteryKwh),
    chargerKw: Type.Optional(settingNumbers.chargerKw),
  },
  strict,
);
export type PlantCreateRequest = Static<typeof PlantCreateRequest>;

export const PlantListRequest = Type.Object(
  {
    /** The organisation (tenant) id: the caller's own. */
    id: Id,
    /** Part of the name, location or thing name; case and diacritics do not matter. */
    search: Type.Optional(Type.String({ maxLength: PLANT_SEARCH_MAX })),
    /** At most this many plants, the first by name. */
    limit: Type.Optional(Type.Integer({ minimum: 1, maximum: PLANT_LIST_LIMIT_MAX })),
  },
  strict,
);

export const plantEndpoints = {
  /** The caller's plants by name (Czech order): all of them, or those matching `search`, at most `limit`. */
  'plant/list': endpoint(
    PlantListRequest,
    Type.Array(Plant),
    access('plants:read', { tenantResources: [{ field: 'id', kind: 'tenant' }] }),
  ),
  /**
   * The plant the console shows (the active plant): `plantId` (the one kept in browser storage) while the
   * caller may see it, else their first plant by name; null when they have none.
   */
  'plant/active': endpoint(
    Type.Object({ id: Id, plantId: Type.Optional(Id) }, strict),
    Type.Object({ plant: Nullable(Plant) }),
    access('plants:read', { tenantResources: [{ field: 'id', kind: 'tenant' }] }),
  ),
  'plant/detail': endpoint(IdBody, PlantDetail, access('plants:read', { tenantResources: [{ field: 'id', kind: 'plant' }] })),
  /** 400 with `details.fields.<field>`; 409 with `details.current` when expectedVersion is stale. */
  'plant/update': endpoint(
    Type.Object({ id: Id, payload: PlantSettingsChange, expectedVersion: Type.Integer({ minimum: 1 }) }, strict),
    PlantDetail,
    access('plants:write', { tenantResources: [{ field: 'id', kind: 'plant' }] }),
  ),
  /**
   * The server names the plant's thing (random, of THING_NAME_PATTERN: a name nobody chose cannot be
   * "taken", so creating a plant tells nothing about other organisations' plants); the gateway login is
   * answered this once (cache-control: no-store).
   */
  'plant/create': endpoint(PlantCreateRequest, Type.Object({ plant: PlantDetail, gatewayLogin: GatewayLogin }), access('plants:write')),
};
export type PlantEndpoints = EndpointTypes<typeof plantEndpoints>;
