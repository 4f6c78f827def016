// @helio/shared-utils: the whole public interface, nothing else (frontend contract). Streams are
// exposed as Observables with setter functions, never as Subjects.

// Lazy chunks (the uPlot chart) load from beside this module, wherever the import map puts it.
import 'systemjs-webpack-interop/auto-public-path';

// Session
export type { Session } from './session/session';
export { session$, getIdToken } from './session/session';
export { restoreSession, signIn, startSignedInSession, completeNewPassword, signOut, TOKEN_REFRESH_MS } from './session/session-client';
export { RETURN_TO_KEY, takeReturnTo } from './session/return-to';

// API
export { ApiError } from './api/api-error';
export type { FieldLabels } from './api/error-text';
export { apiDownload, apiPost } from './api/api-client';
export type { PlantSeriesRequest } from './api/plant-series';
export { plantSeriesParams } from './api/plant-series';
export type { ApiEndpoints, TokenResponse, UserProfile, UserInfo, Plant, Shadow } from './api/endpoints';
export type { Granularity, MetricListRow, TimeSeriesParams, TimeSeriesRow } from './api/endpoints';
export type { SpotDay, SpotPrice, SpotPrices } from './api/endpoints';
export type { AlertThresholds } from './api/endpoints';
export type { BrokerStatus, RegistryPlant, RegistryFilter, GatewayLogin, GatewayHealth, GatewayHealthAnswer } from './api/endpoints';
export type { PlantCreateRequest, PlantDetail, PlantSettings, TariffCurrency } from './api/plant-endpoints';
export type { PlantAccessInviteRequest, PlantAccessUser, PlantRole } from '@helio/contracts';
export type { Device, DeviceCreateRequest, DeviceFields, DeviceKind } from '@helio/contracts';
export type { AttentionPlant, FleetSummary, PlantTag, TagColour } from './api/plant-endpoints';
export type { FleetFilter, FleetPage, FleetPageRequest, FleetPlant, FleetSortColumn } from './api/plant-endpoints';
export type {
  AuditEvent,
  AuditQuery,
  CurrentUserView,
  IamRole,
  IamUser,
  IamUserStatus,
  InviteRequest,
  Language,
  PermissionView,
  ProfileChanges,
  RoleInput,
  RoleRef,
  SessionView,
} from './api/endpoints';

// Current user
export type { CurrentUser } from './current-user/current-user';
export { USERS_ME_KEY, useCurrentUser } from './current-user/current-user';
export { hasPermission } from './current-user/permissions';
export { ENDPOINT_PERMISSIONS, mayCall, type GuardedEndpoint } from './current-user/may-call';
export { useMayCall } from './current-user/use-may-call';

// Plants
export { ACTIVE_PLANT_STORAGE_KEY, activePlant$, setActivePlant } from './plants/active-plant';
export { pickActivePlant } from './plants/pick-active-plant';
export { usePlants, useActivePlant } from './plants/use-plants';
export { PLANT_LIST_KEY } from './plants/plant-list-key';
export type { ExportLimit } from './plants/export-limit';
export { exportLimitOf, exportLimitText } from './plants/export-limit';
export { usePlantExportLimit } from './plants/use-export-limit';
export type { BatteryFloor } from './plants/battery-floor';
export { batteryFloorOf, batteryFloorText } from './plants/battery-floor';
export { usePlantBatteryFloor } from './plants/use-battery-floor';
export { PlantGate } from './plants/plant-gate';
export type { PlantGateProps } from './plants/plant-gate-view';

// Shadows & live
export { useShadow } from './shadow/use-shadow';
export type { LiveAlert, LiveAlertEvent } from '@helio/contracts';
export { ALERT_NEWS_SETTLE_MS } from './shadow/alert-news-reread';
export { useLiveAlerts, useRereadOnAlertNews } from './shadow/use-live-alerts';
export { SHADOW_STALE_MS, isStale } from './shadow/staleness';
export type { MetricKey } from './shadow/metrics';
export { METRICS, metricInfo } from './shadow/metrics';
export { metricLabel, metricUnit, metricUnitText } from './shadow/metric-value';
export type { DeviceLiveValue } from './shadow/device-live';
export { deviceLiveValues } from './shadow/device-live';

// Query & i18n
export { queryClient } from './query/query-client';
export { HelioProviders } from './query/helio-providers';
export {
  i18n,
  i18nReady,
  setLanguage,
  apiErrorText,
  formatNumber,
  formatDateTime,
  formatPower,
  formatQuantity,
  formatRange,
  formatMoney,
  formatPricePerKwh,
  priceUnit,
  formatMetricValue,
  metricValueText,
} from './i18n/i18n';
export { localeOf } from './i18n/locale-format';
export { LOADER_OPTIONS } from './i18n/loader-options';

// Theme (light/dark, from the profile's preferences)
export type { Theme } from './theme/theme';
export { applyTheme, themeOf, THEME_STORAGE_KEY } from './theme/theme';

// Energy and the plant's calendar
export type { EnergyBalance, EnergyCounter } from './energy/energy-balance';
export { ENERGY_COUNTERS, counterEnergy, energyBalance } from './energy/energy-balance';
export type { ZonedParts } from './energy/plant-time';
export { startOfPlantDay, zonedMidnight, zonedParts } from './energy/plant-time';

// Charts (uPlot, a lazy chunk)
export type { ChartOptions, UplotChartProps } from './charts/uplot-chart';
export { UplotChart } from './charts/uplot-chart';
export type { MetricChartProps } from './charts/metric-chart';
export { MetricChart } from './charts/metric-chart';
export { chartColumns, type ChartColumns } from './charts/chart-columns';
// Alert thresholds as typed (the server's limits)
export type { ThresholdDraft, ThresholdErrors, ThresholdField, ThresholdProblem } from '@helio/contracts/limits';
export { THRESHOLD_FIELDS, THRESHOLD_LIMITS, parseThresholdNumber, validateThresholds } from '@helio/contracts/limits';

// Export
export type { CsvCell } from './export/csv';
export { toCsv, downloadCsv } from './export/csv';
export { CSV_DIGITS, csvFileName, csvFileNameOfDays, csvMetricNumber, csvNamePart, csvNumber, plantTimestamp } from './export/csv-values';

// Toasts & components
export { showToast } from './toaster/toaster';
export { FullScreenSpinner } from './components/full-screen-spinner';
export { ErrorPanel } from './components/error-panel';
export { AppErrorPanel } from './components/app-error-panel';
export { PageHeader } from './components/page-header';
export { ReadOnlyNotice } from './components/read-only-notice';
export { permissionLabel } from './current-user/permission-label';
export { documentTitle, useDocumentTitle } from './components/document-title';
export { PASSWORD_RULES, PasswordRules, usePasswordRuleText } from './password/password-rules';
export { ModuleGate } from './components/module-gate';
export { ModuleNoAccess } from './components/module-no-access';
export { useObservable } from './components/use-observable';
export { useDebounced, SEARCH_DEBOUNCE_MS } from './components/use-debounced';
export { TAG_FILTER_PARAM, useUrlParam } from './components/use-url-param';
export { useNow, NOW_TICK_MS } from './components/use-now';

// App manifests and the app frame: an app's routes from its manifest, its lifecycles from its root
export type {
  AppManifest,
  AppManifests,
  PageNameKey,
  ManifestMenuEntry,
  ManifestMenuItem,
  ManifestRoute,
  PageOf,
} from './manifests/app-manifest';
export { APP_MANIFESTS_ELEMENT_ID, appManifests, readAppManifests } from './manifests/read-manifests';
export { mainAppFor, manifestPaths, pathMatches, showsLiveShadow } from './manifests/route-patterns';
export { prefetchFirstPage } from './session/first-page-data';
export { ManifestRoutes } from './manifests/manifest-routes-component';
export { HelioAppFrame } from './app-frame/app-frame';
export { ROUTER_FUTURE } from './app-frame/router-future';
export { helioApplication, type HelioApplicationOptions } from './app-frame/helio-application';
export { lazyPage, type LazyPage } from './app-frame/lazy-page';
export { pagePreloader, type RoutePage } from './app-frame/page-preloader';
export { pageAt } from './manifests/page-at';
