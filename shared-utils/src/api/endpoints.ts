// The typed shape of every API call the console makes: path -> request body and response, derived
// from the contract's `api` object the server registers its routes from (@helio/contracts), never
// written a second time: an endpoint added to the contract is callable here at once.
import type { ApiTypes } from '@helio/contracts';

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
export type ApiEndpoints = ApiTypes;
