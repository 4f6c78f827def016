// The typed shape of every API call the console makes: path -> request body and response, derived
// from the schemas the server registers (@helio/contracts), never written a second time.
import type {
  AnalyticsEndpoints,
  AuditEndpoints,
  DeviceEndpoints,
  EvEndpoints,
  FleetEndpoints,
  ForecastEndpoints,
  IamEndpoints,
  IdentityEndpoints,
  IntegrationEndpoints,
  NotificationEndpoints,
  PlantAccessEndpoints,
  PlantDeviceEndpoints,
  PlantEndpoints,
  RcEndpoints,
  SeriesEndpoints,
  SpotEndpoints,
  TagEndpoints,
  UserEndpoints,
} from '@helio/contracts';

export type {
  AlertThresholds,
  AuditEvent,
  AuditQuery,
  BrokerStatus,
  CurrentUserView,
  GatewayHealth,
  GatewayHealthAnswer,
  GatewayLogin,
  Granularity,
  IamRole,
  IamUser,
  IamUserStatus,
  InviteRequest,
  Language,
  MetricListRow,
  NewPasswordChallenge,
  PermissionView,
  Plant,
  ProfileChanges,
  RegistryFilter,
  RegistryPlant,
  RoleInput,
  RoleRef,
  SessionView,
  Shadow,
  SpotDay,
  SpotPrice,
  SpotPrices,
  TimeSeriesParams,
  TimeSeriesRow,
  TokenResponse,
  UserInfo,
  UserProfile,
} from '@helio/contracts';

/**
 * Error answers worth knowing: tag/create and tag/update 409 with `details.field = 'name'`; plant/update
 * 400 with `details.fields.<field>` and 409 with `details.current`; iot/thing/shadow/desired 409 with
 * `details.currentVersion`, 413 over 8 KB, 400 nested deeper than 6.
 */
export interface ApiEndpoints
  extends
    IdentityEndpoints,
    UserEndpoints,
    IamEndpoints,
    AuditEndpoints,
    PlantEndpoints,
    PlantAccessEndpoints,
    PlantDeviceEndpoints,
    TagEndpoints,
    FleetEndpoints,
    DeviceEndpoints,
    SeriesEndpoints,
    SpotEndpoints,
    NotificationEndpoints,
    // the modules: forecasting (fep), remote control (rc), analytics, integrations, EV charging
    ForecastEndpoints,
    RcEndpoints,
    AnalyticsEndpoints,
    IntegrationEndpoints,
    EvEndpoints {}
