// The notification endpoints: the caller's own schedule, the alerts of the plants they may see (list,
// mark read, unread count) and a plant's alert thresholds.
import { Type, type Static } from '@sinclair/typebox';
import { DEFAULT_THRESHOLDS, THRESHOLD_LIMITS, type Thresholds } from '../limits/alert-thresholds';
import { ALERT_KINDS, ALERT_STATES, MAX_ALERTS, SEVERITIES, type AlertDetails } from '../limits/alerts';
import { DAY_COUNT, PERIODS, type NotificationSettings } from '../limits/notification-schedule';
import { Dictionary, endpoint, Id, NoBody, Nullable, strict, StringEnum, type EndpointTypes, access, SIGNED_IN } from './common';

/** HH:mm, 24-hour. */
const Time = Type.String({ maxLength: 5, pattern: '^([01]?[0-9]|2[0-3]):[0-5][0-9]$', examples: ['08:00'] });

export const NotificationSettingsSchema = Type.Object(
  {
    period: StringEnum(PERIODS),
    enabled: Type.Boolean(),
    days: Type.Array(
      Type.Object(
        // 0–7: the 0–6 and the older 1–7 numbering; which one the list uses is checked as a whole.
        { day: Type.Integer({ minimum: 0, maximum: 7 }), enabled: Type.Boolean(), from: Time, to: Time },
        strict,
      ),
      { minItems: DAY_COUNT, maxItems: DAY_COUNT },
    ),
  },
  strict,
);
// The schedule model (limits/) and its schema describe one shape: this fails to compile when they drift.
const sameSettings: [NotificationSettings, Static<typeof NotificationSettingsSchema>] = [
  {} as Static<typeof NotificationSettingsSchema>,
  {} as NotificationSettings,
];
void sameSettings;

export const Alert = Type.Object({
  id: Type.String(),
  plantId: Type.String(),
  plantName: Type.String(),
  kind: StringEnum(ALERT_KINDS),
  severity: StringEnum(SEVERITIES),
  /** ISO-8601 UTC. */
  startedAt: Type.String(),
  /** ISO-8601 UTC; null while the condition lasts. */
  endedAt: Nullable(Type.String()),
  read: Type.Boolean(),
  details: Type.Unsafe<AlertDetails>(Dictionary(Type.Unknown())),
});
export type Alert = Static<typeof Alert>;

export const AlertFilter = Type.Object(
  {
    plantId: Type.Optional(Id),
    severity: Type.Optional(StringEnum(SEVERITIES)),
    state: Type.Optional(StringEnum(ALERT_STATES)),
    read: Type.Optional(Type.Boolean()),
    limit: Type.Optional(Type.Integer({ minimum: 1, maximum: MAX_ALERTS })),
  },
  strict,
);
export type AlertFilter = Omit<Static<typeof AlertFilter>, 'limit'>;

const limitOf = (field: keyof typeof THRESHOLD_LIMITS) => ({ minimum: THRESHOLD_LIMITS[field].min, maximum: THRESHOLD_LIMITS[field].max });
/** A plant's alert thresholds. */
export const AlertThresholds = Type.Object(
  {
    plantId: Id,
    batterySocMin: Type.Number(limitOf('batterySocMin')),
    pvMinPercent: Type.Number(limitOf('pvMinPercent')),
  },
  strict,
);
export type AlertThresholds = Static<typeof AlertThresholds>;
const sameThresholds: Thresholds = DEFAULT_THRESHOLDS satisfies Omit<AlertThresholds, 'plantId'>;
void sameThresholds;

export const notificationEndpoints = {
  'notifications/settings/get': endpoint(NoBody, NotificationSettingsSchema, access(SIGNED_IN)),
  'notifications/settings/save': endpoint(NotificationSettingsSchema, NotificationSettingsSchema, access(SIGNED_IN)),
  'notifications/alerts/list': endpoint(
    AlertFilter,
    Type.Object({ alerts: Type.Array(Alert) }),
    access('notifications:read', { module: 'notifications', tenantResources: [{ field: 'plantId', kind: 'plant' }] }),
  ),
  'notifications/alerts/mark-read': endpoint(
    Type.Object({ ids: Type.Array(Id, { minItems: 1, maxItems: MAX_ALERTS }) }, strict),
    Type.Object({ marked: Type.Integer() }),
    access('notifications:read', { module: 'notifications' }),
  ),
  'notifications/alerts/unread-count': endpoint(
    NoBody,
    Type.Object({ count: Type.Integer() }),
    access('notifications:read', { module: 'notifications' }),
  ),
  /** notifications:read of the plant's module; save needs notifications:manage (403 otherwise). */
  'notifications/thresholds/get': endpoint(
    Type.Object({ plantId: Id }, strict),
    AlertThresholds,
    access('notifications:read', { module: 'notifications', tenantResources: [{ field: 'plantId', kind: 'plant' }] }),
  ),
  'notifications/thresholds/save': endpoint(
    AlertThresholds,
    AlertThresholds,
    access('notifications:manage', { module: 'notifications', tenantResources: [{ field: 'plantId', kind: 'plant' }] }),
  ),
};
export type NotificationEndpoints = EndpointTypes<typeof notificationEndpoints>;
