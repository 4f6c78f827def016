// The one hand-written jest mock of @helio/shared-utils (tools/jest/preset.js maps every app's import
// of it here). Same export names as src/index.ts (mock-parity.test.ts proves it), no HTTP, and test
// controls prefixed with `__`. Every test starts from the defaults: this module registers a
// beforeEach that calls __reset(), so set state in beforeEach or in the test itself.
//
// In a test, import the controls and the jest.fn's from '@helio/shared-utils/mock' (typed as mocks;
// in jest it is the very same module instance the app code gets for '@helio/shared-utils'):
//   import { __setSignedIn, apiPost } from '@helio/shared-utils/mock';
//   apiPost.mockRejectedValueOnce(new ApiError(500, 'InternalError', 'boom'));
//
//   __setSession(s)            session$ (default null = signed out)
//   __setCurrentUser(u)        useCurrentUser: a CurrentUser, an ApiError, or undefined = loading (default)
//   __setPlants(p)             usePlants/useActivePlant and apiPost('plant/list' | 'plant/active'): Plant[], an ApiError, or undefined = loading (default)
//   __setShadow(thing, s)      useShadow(thing): a Shadow, an ApiError, or undefined = loading (default)
//   __setSignedIn()            session, current user and plants from __fixtures in one call
//   __pushLiveAlert(event)     tells every mounted useLiveAlerts listener (enabled) of an alert event
//   apiPost/signIn/startSignedInSession/completeNewPassword/signOut/restoreSession/setActivePlant/setLanguage/showToast are jest.fn with real-like
//   defaults (apiPost answers from the state above); override with mockResolvedValueOnce etc.
//   i18n is a real i18next instance with every workspace's locales/{cs,en}/*.json, Czech by default.
import { Suspense, useEffect, useMemo, useRef, type ReactNode } from 'react';
import { BrowserRouter } from 'react-router-dom';
import type { LifeCycles } from 'single-spa';
import { foldForSearch, type ModuleKey } from '@helio/contracts/limits';
import { I18nextProvider } from 'react-i18next';
import { QueryClient, QueryClientProvider, type QueryKey, type UseQueryResult } from '@tanstack/react-query';
import { BehaviorSubject, type Observable } from 'rxjs';
import type { ToastProps } from '@blueprintjs/core';
import { ApiError } from '../src/api/api-error';
import { settledFor } from './settled';
import type { apiPost as RealApiPost } from '../src/api/api-client';
import type { ApiEndpoints, Plant, Shadow, TokenResponse, UserProfile, UserInfo } from '../src/api/endpoints';
import type { AlertThresholds, Granularity, MetricListRow, TimeSeriesParams, TimeSeriesRow } from '../src/api/endpoints';
import type { SpotDay, SpotPrice, SpotPrices } from '../src/api/endpoints';
import type { BrokerStatus, GatewayHealth, GatewayHealthAnswer, GatewayLogin, RegistryFilter, RegistryPlant } from '../src/api/endpoints';
import type {
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
} from '../src/api/endpoints';
import type { CurrentUser } from '../src/current-user/current-user';
import type { Session } from '../src/session/session';
import { RETURN_TO_KEY, takeReturnTo } from '../src/session/return-to';
import { pickActivePlant } from '../src/plants/pick-active-plant';
import { exportLimitOf, exportLimitText, type ExportLimit } from '../src/plants/export-limit';
import { batteryFloorOf, batteryFloorText, type BatteryFloor } from '../src/plants/battery-floor';
import { isStale, SHADOW_STALE_MS } from '../src/shadow/staleness';
import { METRICS, metricInfo, type MetricKey } from '../src/shadow/metrics';
import { metricLabel, metricUnit, metricUnitText } from '../src/shadow/metric-value';
import { deviceLiveValues, type DeviceLiveValue } from '../src/shadow/device-live';
import type { MetricChartProps } from '../src/charts/metric-chart';
import { chartColumns, type ChartColumns } from '../src/charts/chart-columns';
import type { ChartOptions, UplotChartProps } from '../src/charts/uplot-chart';
import type { Device, DeviceCreateRequest, DeviceFields, DeviceKind, LiveAlertEvent } from '@helio/contracts';
import { LOADER_OPTIONS } from '../src/i18n/loader-options';
import { localeOf } from '../src/i18n/locale-format';
import { ALERT_NEWS_SETTLE_MS, useRereadListener } from '../src/shadow/alert-news-reread';
import { useObservable } from '../src/components/use-observable';
import { useDebounced, SEARCH_DEBOUNCE_MS } from '../src/components/use-debounced';
import { TAG_FILTER_PARAM, useUrlParam } from '../src/components/use-url-param';
import { useNow, NOW_TICK_MS } from '../src/components/use-now';
import { hasPermission } from '../src/current-user/permissions';
import { ENDPOINT_PERMISSIONS, mayCall, type GuardedEndpoint } from '../src/current-user/may-call';
import { toCsv, type CsvCell } from '../src/export/csv';
import { plantSeriesParams, type PlantSeriesRequest } from '../src/api/plant-series';
import { ENERGY_COUNTERS, counterEnergy, energyBalance, type EnergyBalance, type EnergyCounter } from '../src/energy/energy-balance';
import { startOfPlantDay, zonedMidnight, zonedParts, type ZonedParts } from '../src/energy/plant-time';
import {
  THRESHOLD_FIELDS,
  THRESHOLD_LIMITS,
  parseThresholdNumber,
  validateThresholds,
  type ThresholdDraft,
  type ThresholdErrors,
  type ThresholdField,
  type ThresholdProblem,
} from '@helio/contracts/limits';
import { FullScreenSpinner } from '../src/components/full-screen-spinner';
import { ErrorPanel } from '../src/components/error-panel';
import { AppErrorPanel } from '../src/components/app-error-panel';
import { PageHeader } from '../src/components/page-header';
import { ReadOnlyNotice } from '../src/components/read-only-notice';
import { PASSWORD_RULES, PasswordRules, usePasswordRuleText } from '../src/password/password-rules';
import { ModuleGateView, ModuleNoAccess } from '../src/components/module-no-access';
import { __fixtures, fixtureCurrentUser, fixturePlants, fixtureSession } from './fixtures';
import {
  apiErrorText,
  formatDateTime,
  formatMetricValue,
  formatNumber,
  formatPower,
  formatQuantity,
  formatRange,
  formatMoney,
  formatPricePerKwh,
  priceUnit,
  i18n,
  i18nReady,
  metricValueText,
} from './mock-i18n';
import { queryResult, type MockValue } from './query-result';
import { applyTheme, themeOf, THEME_STORAGE_KEY, type Theme } from '../src/theme/theme';
import { PLANT_LIST_KEY } from '../src/plants/plant-list-key';
import { PlantGateView, type PlantGateProps } from '../src/plants/plant-gate-view';
import { documentTitle, useDocumentTitle } from '../src/components/document-title';
import type {
  AppManifest,
  AppManifests,
  PageNameKey,
  ManifestMenuEntry,
  ManifestMenuItem,
  ManifestRoute,
  PageOf,
} from '../src/manifests/app-manifest';
import { APP_MANIFESTS_ELEMENT_ID, readAppManifests } from '../src/manifests/read-manifests';
import { mainAppFor, manifestPaths, pathMatches, showsLiveShadow } from '../src/manifests/route-patterns';
import { manifestRoutes, type ManifestRoutesProps } from '../src/manifests/manifest-routes';
import type { AppFrameOptions } from '../src/app-frame/app-frame';
import { ROUTER_FUTURE } from '../src/app-frame/router-future';

export type { ApiEndpoints, CurrentUser, MetricKey, Plant, Session, Shadow, TokenResponse, UserInfo, UserProfile };
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
};
export type { AlertThresholds, CsvCell, Granularity, MetricListRow, TimeSeriesParams, TimeSeriesRow, SpotDay, SpotPrice, SpotPrices };
export type { BrokerStatus, GatewayHealth, GatewayHealthAnswer, GatewayLogin, RegistryFilter, RegistryPlant };
export { toCsv, plantSeriesParams };
export { permissionLabel } from '../src/current-user/permission-label';
// the pages' loaders, real: plain code over React and the router
export { lazyPage, type LazyPage } from '../src/app-frame/lazy-page';
export { pagePreloader, type RoutePage } from '../src/app-frame/page-preloader';
export { pageAt } from '../src/manifests/page-at';
export {
  CSV_DIGITS,
  csvFileName,
  csvFileNameOfDays,
  csvMetricNumber,
  csvNamePart,
  csvNumber,
  plantTimestamp,
} from '../src/export/csv-values';
export type { PlantAccessInviteRequest, PlantAccessUser, PlantRole } from '@helio/contracts';
export type { LiveAlert, LiveAlertEvent } from '@helio/contracts';
export { PASSWORD_RULES, PasswordRules, usePasswordRuleText };
export type { PlantSeriesRequest };
export type { EnergyBalance, EnergyCounter, ZonedParts };
export { ENERGY_COUNTERS, counterEnergy, energyBalance, startOfPlantDay, zonedMidnight, zonedParts };
export { THRESHOLD_FIELDS, THRESHOLD_LIMITS, parseThresholdNumber, validateThresholds };
export type { ThresholdDraft, ThresholdErrors, ThresholdField, ThresholdProblem };
export { ApiError, RETURN_TO_KEY, takeReturnTo, pickActivePlant, isStale, SHADOW_STALE_MS, METRICS, metricInfo };
export { useNow, NOW_TICK_MS, hasPermission, ENDPOINT_PERMISSIONS, mayCall };
export type { GuardedEndpoint };
export {
  LOADER_OPTIONS,
  localeOf,
  useObservable,
  useDebounced,
  SEARCH_DEBOUNCE_MS,
  TAG_FILTER_PARAM,
  useUrlParam,
  FullScreenSpinner,
  ErrorPanel,
  AppErrorPanel,
  PageHeader,
  ReadOnlyNotice,
  ModuleNoAccess,
};
export {
  __fixtures,
  i18n,
  i18nReady,
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
  metricLabel,
  metricUnit,
  metricUnitText,
  metricValueText,
};
export type { ChartColumns, ChartOptions, MetricChartProps, UplotChartProps };
export type { Device, DeviceCreateRequest, DeviceFields, DeviceKind };
export { chartColumns, deviceLiveValues };
export type { DeviceLiveValue };
export {
  PLANT_LIST_KEY,
  documentTitle,
  useDocumentTitle,
  APP_MANIFESTS_ELEMENT_ID,
  readAppManifests,
  mainAppFor,
  manifestPaths,
  pathMatches,
  showsLiveShadow,
  ROUTER_FUTURE,
};
export type { AppManifest, AppManifests, PageNameKey, ManifestMenuEntry, ManifestMenuItem, ManifestRoute, PageOf, PlantGateProps };

/** uPlot needs a canvas jsdom lacks: the charts render a box that says what they would draw. */
export function UplotChart({ data, ariaLabel, testId }: UplotChartProps) {
  return (
    <div role="img" aria-label={ariaLabel} data-testid={testId}>
      {data[0]?.length ?? 0} points
    </div>
  );
}
export function MetricChart({ columns, ariaLabel, testId = 'metric-chart' }: MetricChartProps) {
  return (
    <div role="img" aria-label={ariaLabel} data-testid={testId}>
      {columns[0].length} points
    </div>
  );
}
export type { Theme };
export { applyTheme, themeOf, THEME_STORAGE_KEY };

export const TOKEN_REFRESH_MS = 300000;
export const USERS_ME_KEY = ['users', 'me'] as const;
export const ACTIVE_PLANT_STORAGE_KEY = 'site';

// ---- state the tests control ----

const sessionState = new BehaviorSubject<Session | null | undefined>(null);
const currentUserState = new BehaviorSubject<MockValue<CurrentUser>>(undefined);
const plantsState = new BehaviorSubject<MockValue<Plant[]>>(undefined);
const shadowsState = new BehaviorSubject<ReadonlyMap<string, MockValue<Shadow>>>(new Map());
const activePlantState = new BehaviorSubject<Plant | null>(null);

export const session$: Observable<Session | null | undefined> = sessionState.asObservable();
export const activePlant$: Observable<Plant | null> = activePlantState.asObservable();

export function __setSession(session: Session | null | undefined): void {
  sessionState.next(session);
}
export function __setCurrentUser(user: MockValue<CurrentUser>): void {
  currentUserState.next(user);
}
export function __setPlants(plants: MockValue<Plant[]>): void {
  plantsState.next(plants);
}
export function __setShadow(thingName: string, shadow: MockValue<Shadow>): void {
  shadowsState.next(new Map(shadowsState.getValue()).set(thingName, shadow));
}
export function __setSignedIn(): void {
  __setSession(fixtureSession());
  __setCurrentUser(fixtureCurrentUser());
  __setPlants(fixturePlants());
}

export const getIdToken = (): string | null => sessionState.getValue()?.idToken ?? null;

const liveAlertListeners = new Set<(event: LiveAlertEvent) => void>();
/** What the tab's live stream would hear; reaches the listeners of useLiveAlerts that are enabled. */
export function __pushLiveAlert(event: LiveAlertEvent): void {
  for (const listener of [...liveAlertListeners]) listener(event);
}

export const queryClient = new QueryClient({
  defaultOptions: { queries: { retry: false, refetchOnWindowFocus: false } },
});

/** Resolves once the mock's query client is idle and its notifications rendered (mock/settled.ts). */
export const __settled = (): Promise<void> => settledFor(queryClient);

export function HelioProviders({ children }: { children?: ReactNode }) {
  return (
    <QueryClientProvider client={queryClient}>
      <I18nextProvider i18n={i18n}>{children}</I18nextProvider>
    </QueryClientProvider>
  );
}

// ---- jest.fn functions with real-like defaults ----

const tokensFor = (): TokenResponse => ({ idToken: 'mock-id-token', accessToken: 'mock-access-token', expiresIn: 900 });

function valueOrThrow<T>(value: MockValue<T>, what: string): T {
  if (value instanceof ApiError) throw value;
  if (value === undefined) throw new ApiError(404, 'NotFound', `mock: no ${what} set`);
  return value;
}

async function answer(path: string, body: unknown): Promise<unknown> {
  const user = () => valueOrThrow(currentUserState.getValue(), 'current user (__setCurrentUser)');
  switch (path) {
    case 'auth/sign-in':
    case 'auth/refresh':
      return tokensFor();
    case 'auth/complete-new-password':
      return tokensFor();
    case 'auth/sign-out':
    case 'auth/forgot-password':
    case 'auth/confirm-forgot-password':
      return { ok: true };
    case 'users/profile': {
      const { locale: userLocale, preferences } = user();
      return { locale: userLocale, preferences } satisfies UserProfile;
    }
    case 'users/info': {
      const { locale: _locale, preferences: _preferences, ...info } = user();
      return info satisfies UserInfo;
    }
    case 'plant/list': {
      // As the server: the plants whose name, location or thing name holds the search, at most `limit`.
      const { search, limit } = body as { search?: string; limit?: number };
      const wanted = foldForSearch(search?.trim() ?? '');
      const plants = valueOrThrow(plantsState.getValue(), 'plants (__setPlants)').filter((p) =>
        [p.name, p.location, p.thingName].some((field) => foldForSearch(field).includes(wanted)),
      );
      return limit === undefined ? plants : plants.slice(0, limit);
    }
    case 'plant/active': {
      const { plantId } = body as { plantId?: string };
      return { plant: pickActivePlant(valueOrThrow(plantsState.getValue(), 'plants (__setPlants)'), plantId ?? null) };
    }
    case 'iot/thing/shadow': {
      const { thingName } = body as { thingName: string };
      return valueOrThrow(shadowsState.getValue().get(thingName), `shadow of ${thingName} (__setShadow)`);
    }
    default:
      throw new ApiError(404, 'NotFound', `mock: apiPost('${path}') has no answer; use apiPost.mockResolvedValueOnce`);
  }
}

const defaults = {
  apiPost: ((path: string, body: unknown) => answer(path, body)) as typeof RealApiPost,
  signIn: async (username: string, _password: string): Promise<Session> => {
    const session = fixtureSession(username);
    sessionState.next(session);
    return session;
  },
  completeNewPassword: async (_session: string, _newPassword: string): Promise<Session> => {
    const session = fixtureSession();
    sessionState.next(session);
    return session;
  },
  signOut: async (): Promise<void> => {
    queryClient.clear();
    activePlantState.next(null);
    sessionState.next(null);
  },
  restoreSession: async (): Promise<Session | null> => sessionState.getValue() ?? null,
  startSignedInSession: (_tokens: { idToken: string; accessToken: string; expiresIn: number }): Session => {
    const session = fixtureSession();
    sessionState.next(session);
    return session;
  },
  setActivePlant: (plant: Plant | null): void => {
    if (plant) localStorage.setItem(ACTIVE_PLANT_STORAGE_KEY, plant.id);
    else localStorage.removeItem(ACTIVE_PLANT_STORAGE_KEY);
    activePlantState.next(plant);
  },
  setLanguage: async (lng: 'cs' | 'en'): Promise<void> => {
    await i18n.changeLanguage(lng);
  },
  showToast: (_props: ToastProps): void => undefined,
  downloadCsv: (_fileName: string, _csv: string): void => undefined,
  apiDownload: async (_path: string, _body: unknown, _fallbackName: string): Promise<void> => undefined,
};

export const apiPost = jest.fn(defaults.apiPost);
export const signIn = jest.fn(defaults.signIn);
export const completeNewPassword = jest.fn(defaults.completeNewPassword);
export const signOut = jest.fn(defaults.signOut);
export const restoreSession = jest.fn(defaults.restoreSession);
export const startSignedInSession = jest.fn(defaults.startSignedInSession);
/** The shell's prefetch at session start; the apps' own hooks ask through apiPost in tests. */
export const prefetchFirstPage = jest.fn((_session: Session, _options: { liveShadow: boolean }): void => undefined);
export const setActivePlant = jest.fn(defaults.setActivePlant);
export const setLanguage = jest.fn(defaults.setLanguage);
export const showToast = jest.fn(defaults.showToast);
export const downloadCsv = jest.fn(defaults.downloadCsv);
export const apiDownload = jest.fn(defaults.apiDownload);

/** The manifests document the build would inline into index.html, read from the repository the same way. */
let repoDocument: AppManifests | undefined;
const repoAppManifests = (): AppManifests =>
  (repoDocument ??= (jest.requireActual('../../tools/app-manifests') as { collectAppManifests: () => AppManifests }).collectAppManifests());
export const appManifests = jest.fn(repoAppManifests);

// ---- hooks: synchronous query results from the state above ----

/** The real rule over the mock's current user. */
export function useMayCall(path: GuardedEndpoint): boolean {
  return mayCall(useCurrentUser().data, path);
}

export function useCurrentUser(): UseQueryResult<CurrentUser, ApiError> {
  const value = useObservable(currentUserState, currentUserState.getValue());
  return useMemo(() => queryResult(value), [value]);
}

export function usePlants(): UseQueryResult<Plant[], ApiError> {
  const value = useObservable(plantsState, plantsState.getValue());
  return useMemo(() => queryResult(value), [value]);
}

export function useActivePlant(): { plant: Plant | null; isLoading: boolean; error: ApiError | null } {
  const value = useObservable(plantsState, plantsState.getValue());
  const active = useObservable(activePlantState, activePlantState.getValue());
  const plant = Array.isArray(value) ? pickActivePlant(value, active?.id ?? localStorage.getItem(ACTIVE_PLANT_STORAGE_KEY)) : null;
  useEffect(() => {
    if (Array.isArray(value) && plant !== active) activePlantState.next(plant);
  }, [value, plant, active]);
  return { plant, isLoading: value === undefined, error: value instanceof ApiError ? value : null };
}

export function useShadow(thingName: string | undefined): UseQueryResult<Shadow, ApiError> {
  const shadows = useObservable(shadowsState, shadowsState.getValue());
  const value = thingName ? shadows.get(thingName) : undefined;
  return useMemo(() => queryResult(value, !!thingName), [value, thingName]);
}

export function useLiveAlerts(listener: (event: LiveAlertEvent) => void, enabled = true): void {
  const latest = useRef(listener);
  useEffect(() => {
    latest.current = listener;
  });
  useEffect(() => {
    if (!enabled) return undefined;
    const entry = (event: LiveAlertEvent) => latest.current(event);
    liveAlertListeners.add(entry);
    return () => void liveAlertListeners.delete(entry);
  }, [enabled]);
}

export { ALERT_NEWS_SETTLE_MS };
export type { ExportLimit };
export { exportLimitOf, exportLimitText };

/** As shared-utils' hook: the mock's shadow, the mock's i18n (common namespace). */
export function usePlantExportLimit(thingName: string | undefined, plantSettingKw: number | null): { limit: ExportLimit; text: string } {
  const shadow = useShadow(thingName);
  const limit = exportLimitOf(shadow.data, plantSettingKw);
  return { limit, text: exportLimitText(i18n.getFixedT(null, 'common'), limit, (n) => formatNumber(n)) };
}

export type { BatteryFloor };
export { batteryFloorOf, batteryFloorText };

/** As shared-utils' hook: the mock's shadow, the mock's i18n (common namespace). */
export function usePlantBatteryFloor(thingName: string | undefined): { floor: BatteryFloor; text: string } {
  const floor = batteryFloorOf(useShadow(thingName).data);
  return { floor, text: batteryFloorText(i18n.getFixedT(null, 'common'), floor, (n) => formatNumber(n)) };
}

/** As the real one, over the mock's useLiveAlerts and query client. */
export function useRereadOnAlertNews(keys: readonly QueryKey[], enabled = true): void {
  useLiveAlerts(useRereadListener(keys), enabled);
}

/** The real wrapper's view, fed by the mock's current user (__setCurrentUser decides the modules). */
export function ModuleGate({ module, children }: { module: ModuleKey; children?: ReactNode }) {
  return (
    <ModuleGateView module={module} user={useCurrentUser()}>
      {children}
    </ModuleGateView>
  );
}

/** The real gate's view, fed by the mock's plants (__setPlants) and retrying on the mock's query client. */
export function PlantGate(props: PlantGateProps) {
  const retry = () => void queryClient.refetchQueries({ queryKey: PLANT_LIST_KEY });
  return <PlantGateView state={useActivePlant()} onRetry={retry} {...props} />;
}

/** The real routes from a manifest, behind the mock's module wrapper. */
export function ManifestRoutes<Page extends string>(props: ManifestRoutesProps<Page>) {
  return manifestRoutes(props, ModuleGate);
}

/** The real frame's shape around the mock's providers: what a test renders an app's root in. */
export function HelioAppFrame({ children, router = true, fallback }: AppFrameOptions & { children?: ReactNode }) {
  const content = <Suspense fallback={fallback ?? <FullScreenSpinner />}>{children}</Suspense>;
  return <HelioProviders>{router ? <BrowserRouter future={ROUTER_FUTURE}>{content}</BrowserRouter> : content}</HelioProviders>;
}

/** Apps' entries are not mounted in jest: lifecycles that do nothing. */
export function helioApplication(): LifeCycles {
  const done = () => Promise.resolve();
  return { bootstrap: done, mount: done, unmount: done };
}

// ---- reset between tests ----

const mocks: Array<[jest.Mock, (...args: never[]) => unknown]> = [
  [apiPost, defaults.apiPost],
  [signIn, defaults.signIn],
  [completeNewPassword, defaults.completeNewPassword],
  [signOut, defaults.signOut],
  [restoreSession, defaults.restoreSession],
  [startSignedInSession, defaults.startSignedInSession],
  [setActivePlant, defaults.setActivePlant],
  [setLanguage, defaults.setLanguage],
  [showToast, defaults.showToast],
  [downloadCsv, defaults.downloadCsv],
  [apiDownload, defaults.apiDownload],
  [appManifests, repoAppManifests],
];

export function __reset(): void {
  sessionState.next(null);
  currentUserState.next(undefined);
  plantsState.next(undefined);
  shadowsState.next(new Map());
  activePlantState.next(null);
  liveAlertListeners.clear();
  queryClient.clear();
  for (const [mock, implementation] of mocks) {
    mock.mockReset();
    mock.mockImplementation(implementation);
  }
  if (i18n.language !== 'cs') void i18n.changeLanguage('cs');
}

if (typeof beforeEach === 'function') beforeEach(() => __reset());
