// Every code an error answer {"error":{"code","message","details"}} may carry: a closed set. The
// server's ApiError and sendError take only an ErrorCode (an undeclared one does not compile); the
// browser shows `apiErrors.<code>` from shared-utils' translations with `details` as its values,
// never the English `message`. A new code: add it here with its parameters, then its Czech and
// English sentence in shared-utils/locales/{cs,en}/common.json (a test holds both to this list).

export interface ErrorCodeSpec {
  /** Fields of `details` the translation may name as {{field}}. */
  readonly params: readonly string[];
  /**
   * Fields of `details` that pick a more specific sentence (an i18next context, `<code>_<variant>`):
   * the first one present wins; for `reason` its value is the variant (`WebhookUrlRefused_private`).
   */
  readonly variants?: readonly string[];
  /** The values `reason` may take, each with its own sentence. */
  readonly reasons?: readonly string[];
}

/** The reasons a webhook URL is refused (WebhookUrlRefused's `reason`). */
export const WEBHOOK_URL_REASONS = ['notUrl', 'protocol', 'credentials', 'unresolved', 'private'] as const;
export type WebhookUrlReason = (typeof WEBHOOK_URL_REASONS)[number];

export const ERROR_CODES = {
  // Generic answers, by status. BadRequest's `field` is the first invalid field of a schema check.
  BadRequest: { params: ['field'], variants: ['field'] },
  Unauthorized: { params: [] },
  Forbidden: { params: ['permission', 'module', 'permissions'], variants: ['permission', 'module', 'permissions'] },
  NotFound: { params: [] },
  // What a call named and the caller cannot see (or that is gone): one code per kind of thing.
  PlantNotFound: { params: [] },
  TagNotFound: { params: [] },
  DeviceNotFound: { params: [] },
  UserNotFound: { params: [] },
  OrganisationNotFound: { params: [] },
  WebhookNotFound: { params: [] },
  ApiKeyNotFound: { params: [] },
  RoleNotFound: { params: [] },
  SessionNotFound: { params: [] },
  DeliveryNotFound: { params: [] },
  ScheduleNotFound: { params: [] },
  PushDeviceNotFound: { params: [] },
  IdTagNotFound: { params: [] },
  GatewayNotFound: { params: [] },
  ReleaseNotFound: { params: [] },
  MethodNotAllowed: { params: [] },
  NotAcceptable: { params: [] },
  Conflict: { params: ['userCount'], variants: ['userCount'] },
  PayloadTooLarge: { params: ['limitBytes'] },
  UnsupportedMediaType: { params: [] },
  TooManyRequests: { params: ['retryAfterSeconds'] },
  ServiceUnavailable: { params: [] },
  InternalError: { params: [] },
  // Signing in and passwords.
  NotAuthorized: { params: [] },
  UserDisabled: { params: [] },
  PasswordExpired: { params: [] },
  CodeMismatch: { params: [] },
  IncorrectPassword: { params: [] },
  InvalidPassword: { params: ['messageKey', 'failures'] },
  TooManyAttempts: { params: ['retryAfterSeconds'] },
  ResetLocked: { params: ['retryAfterSeconds'] },
  // Users, roles and plant access.
  UserExists: { params: [] },
  RoleExists: { params: [] },
  BuiltInRole: { params: [] },
  LastAdministrator: { params: [] },
  SeesEveryPlant: { params: [] },
  AlreadyHasAccess: { params: ['role'] },
  // Integrations.
  KeyExceedsCreator: { params: ['scope', 'permissions'] },
  HistoryBadLines: { params: ['errorCount', 'errors'] },
  RedeliveryPending: { params: ['deliveryId'] },
  TooManyRedeliveries: { params: ['max'] },
  WebhookUrlRefused: { params: ['field', 'reason', 'host'], variants: ['reason'], reasons: WEBHOOK_URL_REASONS },
  // Time-series retention: a coarser tier kept shorter than a finer one.
  TierOrder: { params: ['finer', 'coarser', 'finerDays', 'coarserDays'] },
  // Periods a read covers: a time that is none, an end not after the start, a span too long.
  PeriodInvalid: { params: ['field', 'reason', 'maxDays'], variants: ['reason'], reasons: ['notTime', 'endBeforeStart', 'tooLong'] },
  // A device setting the plant has no device for (a battery key without a battery, a charger key without a charger).
  SettingNeedsDevice: { params: ['key', 'reason'], variants: ['reason'], reasons: ['noBattery', 'noCharger'] },
  // A device setting's value refused by its key's rule (contracts/src/device/writable-keys.ts): not
  // writable, not a value of its type, out of its range, not one of its choices, a force charge's end
  // not within the next hours.
  SettingValueInvalid: {
    params: ['key', 'reason', 'min', 'max', 'unit', 'maxHours'],
    variants: ['reason'],
    reasons: ['unknownKey', 'type', 'range', 'choice', 'until'],
  },
  // A desired shadow document the state limits refuse (iot/shadows/state-patch.ts), at `path`.
  ShadowDocumentInvalid: {
    params: ['reason', 'path', 'max'],
    variants: ['reason'],
    reasons: ['notObject', 'tooDeep', 'tooManyKeys', 'invalidKey', 'notFinite', 'tooLong', 'tooManyItems', 'notJson'],
  },
  // A plant's settings: `fields` names each wrong field (`field` the first); the form marks them.
  PlantSettingsInvalid: { params: ['field'], variants: ['field'] },
  // A time-series read asking for more buckets (or, at minute resolution, more cells) than allowed, or a metric the plant never stored.
  SeriesTooLarge: {
    params: ['reason', 'granularity', 'buckets', 'maxBuckets', 'cells', 'maxCells', 'metricCount'],
    variants: ['reason'],
    reasons: ['buckets', 'cells'],
  },
  MetricUnknown: { params: ['metricKeys'] },
  // Notification schedule: not the seven weekdays, a time that is none, a day ending before it starts.
  NotificationScheduleInvalid: { params: ['reason', 'from', 'to'], variants: ['reason'], reasons: ['days', 'time', 'order'] },
  // A user's own profile: a picture that is no http(s) or image data URL, preferences over `maxKb`.
  ProfileInvalid: { params: ['field', 'reason', 'maxKb'], variants: ['reason'], reasons: ['picture', 'preferencesSize'] },
  // Live streams.
  TooManyStreams: { params: ['max'] },
  // EV charging: a minimum above the maximum, or a current the charger cannot deliver.
  EvCurrentRange: {
    params: ['reason', 'minCurrentA', 'maxCurrentA', 'lowestA', 'hwMaxCurrentA'],
    variants: ['reason'],
    reasons: ['minAboveMax', 'range'],
  },
  // An rc schedule's window: ending when it starts, a one-off without its date, a force charge given
  // more than its target (it runs until the window ends).
  ScheduleInvalid: { params: ['field', 'reason'], variants: ['reason'], reasons: ['emptyWindow', 'dateMissing', 'forceChargeShape'] },
  // An API key's expiry: not in the future, or beyond `maxDays`.
  ApiKeyExpiryInvalid: { params: ['field', 'reason', 'maxDays'], variants: ['reason'], reasons: ['past', 'tooLong'] },
  // An EV charge plan the form asked for: no target or two, a SoC target without a car reporting its
  // SoC, a departure that is no time or not within the next `maxHours`.
  // …or a SoC target above the charge limit of the vehicle on the charger.
  EvPlanInvalid: {
    params: ['field', 'reason', 'maxHours', 'chargeLimitPct'],
    variants: ['reason'],
    reasons: ['oneTarget', 'socUnknown', 'departureNotTime', 'departureOutOfRange', 'aboveChargeLimit'],
  },
  // A vehicle the form sent: a blank name or one the plant's vehicles have, a battery outside
  // (0, maxKwh], a charge limit outside [minPct, 100] whole percent, a SoC outside 0–100 %.
  EvVehicleInvalid: {
    params: ['field', 'reason', 'maxKwh', 'minPct'],
    variants: ['reason'],
    reasons: ['nameBlank', 'nameTaken', 'capacity', 'chargeLimit', 'soc'],
  },
  VehicleNotFound: { params: [] },
} as const satisfies Record<string, ErrorCodeSpec>;

export type ErrorCode = keyof typeof ERROR_CODES;

export const isErrorCode = (code: string): code is ErrorCode => Object.prototype.hasOwnProperty.call(ERROR_CODES, code);

/** The variant (translation context) an answer's details pick for its code, if any. */
export function errorVariant(code: ErrorCode, details: Readonly<Record<string, unknown>>): string | undefined {
  const spec: ErrorCodeSpec = ERROR_CODES[code];
  for (const field of spec.variants ?? []) {
    const value = details[field];
    if (value === undefined || value === null) continue;
    return field === 'reason' ? String(value) : field;
  }
  return undefined;
}
