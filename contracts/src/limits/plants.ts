// The limits of a plant's settings, in one place: the server checks every create and update with
// them, and the management forms say the same thing before anything is sent. Plain values (no Node,
// no browser APIs beyond Intl).

/** Azimuth as PVGIS counts it: 0° = south, −90° = east, +90° = west, ±180° = north. */
export const AZIMUTH_CONVENTION = 'south-0-east-negative';

export interface NumberLimit {
  min: number;
  max: number;
  /** null allowed: the plant has no such part, or the value is not known. */
  nullable: boolean;
}

export const NUMBER_LIMITS = {
  latitude: { min: -90, max: 90, nullable: false },
  longitude: { min: -180, max: 180, nullable: false },
  pvPeakKw: { min: 0.1, max: 100_000, nullable: false },
  tiltDeg: { min: 0, max: 90, nullable: true },
  azimuthDeg: { min: -180, max: 180, nullable: true },
  batteryKwh: { min: 0.1, max: 100_000, nullable: true },
  batteryMaxSocPct: { min: 0, max: 100, nullable: true },
  batteryMaxChargeKw: { min: 0, max: 10_000, nullable: true },
  batteryMaxDischargeKw: { min: 0, max: 10_000, nullable: true },
  chargerKw: { min: 0.1, max: 10_000, nullable: true },
  gridExportLimitKw: { min: 0, max: 100_000, nullable: true },
  tariffPricePerKwh: { min: 0, max: 1_000, nullable: true },
} as const satisfies Record<string, NumberLimit>;

export type NumberField = keyof typeof NUMBER_LIMITS;

export const TEXT_LIMITS = {
  name: { maxLength: 120, required: true },
  location: { maxLength: 200, required: true },
  address: { maxLength: 300, required: false },
  timezone: { maxLength: 64, required: true },
  tariffName: { maxLength: 80, required: false },
} as const;

export type TextField = keyof typeof TEXT_LIMITS;

export const TARIFF_CURRENCIES = ['CZK', 'EUR'] as const;
export type TariffCurrency = (typeof TARIFF_CURRENCIES)[number];

/**
 * A thing name is part of MQTT topics and of the gateway username: lower case, digits and dashes. The
 * server issues it (plant/create); nobody chooses one.
 */
export const THING_NAME_PATTERN = '^[a-z0-9][a-z0-9-]{2,62}$';

/** Every setting of a plant that plant/update may change. */
export type PlantSettings = { [K in TextField]: string } & { [K in NumberField]: number | null } & {
  tariffCurrency: TariffCurrency;
};

/**
 * What a new plant starts with beyond what plant/create is given: the one source for the server's
 * plant/create and the new-plant dialog. The time zone is Czech, as the console's default language and
 * formats are (the dialog offers it, the server fills it in when a request leaves it out).
 */
export const NEW_PLANT_DEFAULTS: PlantSettings = {
  name: '',
  location: '',
  address: '',
  timezone: 'Europe/Prague',
  latitude: null,
  longitude: null,
  pvPeakKw: null,
  tiltDeg: null,
  azimuthDeg: null,
  batteryKwh: null,
  batteryMaxSocPct: null,
  batteryMaxChargeKw: null,
  batteryMaxDischargeKw: null,
  chargerKw: null,
  gridExportLimitKw: null,
  tariffName: '',
  tariffPricePerKwh: null,
  tariffCurrency: 'CZK',
};

export const SETTING_FIELDS: readonly (keyof PlantSettings)[] = [
  ...(Object.keys(TEXT_LIMITS) as TextField[]),
  ...(Object.keys(NUMBER_LIMITS) as NumberField[]),
  'tariffCurrency',
];

export type SettingProblem =
  | { problem: 'required' }
  | { problem: 'tooLong'; max: number }
  | { problem: 'range'; min: number; max: number }
  | { problem: 'timezone' }
  | { problem: 'currency' };

export type SettingProblems = Partial<Record<keyof PlantSettings, SettingProblem>>;

export function isTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en', { timeZone: zone });
    return zone.length > 0;
  } catch {
    return false;
  }
}

/** What is wrong with a complete set of settings, per field; empty when they can be saved. */
export function settingProblems(settings: PlantSettings): SettingProblems {
  const problems: SettingProblems = {};
  for (const field of Object.keys(TEXT_LIMITS) as TextField[]) {
    const limit = TEXT_LIMITS[field];
    const value = settings[field].trim();
    if (limit.required && value === '') problems[field] = { problem: 'required' };
    else if (value.length > limit.maxLength) problems[field] = { problem: 'tooLong', max: limit.maxLength };
  }
  if (!problems.timezone && !isTimeZone(settings.timezone.trim())) problems.timezone = { problem: 'timezone' };
  for (const field of Object.keys(NUMBER_LIMITS) as NumberField[]) {
    const limit: NumberLimit = NUMBER_LIMITS[field];
    const value = settings[field];
    if (value === null) {
      if (!limit.nullable) problems[field] = { problem: 'required' };
    } else if (!Number.isFinite(value) || value < limit.min || value > limit.max) {
      problems[field] = { problem: 'range', min: limit.min, max: limit.max };
    }
  }
  if (!(TARIFF_CURRENCIES as readonly string[]).includes(settings.tariffCurrency)) problems.tariffCurrency = { problem: 'currency' };
  return problems;
}

export function isThingName(thingName: string): boolean {
  return new RegExp(THING_NAME_PATTERN).test(thingName);
}

/** An English sentence per problem, for the API's error details and logs (the console translates its own). */
export function problemMessage(field: string, problem: SettingProblem): string {
  switch (problem.problem) {
    case 'required':
      return `${field} is required`;
    case 'tooLong':
      return `${field} must be at most ${problem.max} characters`;
    case 'range':
      return `${field} must be between ${problem.min} and ${problem.max}`;
    case 'timezone':
      return `${field} must be an IANA time zone such as Europe/Prague`;
    case 'currency':
      return `${field} must be one of ${TARIFF_CURRENCIES.join(', ')}`;
  }
}
