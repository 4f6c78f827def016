// Which application owns which URL: every route of SPEC §2, by DESIGN §2's table. An app that is
// not built yet (not in the import map) is not registered: its routes show the nav and nothing else.
export interface MainApp {
  /** import-map name */
  name: string;
  /** exact paths (`:param` matches one segment), or prefixes ending in '/*' (one or more further segments) */
  paths: string[];
}

export const MAIN_APPS: MainApp[] = [
  {
    name: '@helio/monitoring-app',
    paths: [
      '/',
      '/monitoring',
      '/monitoring/dashboard',
      '/inverters',
      '/batteries',
      '/spot',
      '/statistics',
      '/services',
      '/logs',
      '/logs/*',
    ],
  },
  { name: '@helio/notifications-app', paths: ['/notifications', '/my-account/notifications'] },
  { name: '@helio/account-app', paths: ['/my-account', '/my-account/security', '/my-account/iam/*'] },
  { name: '@helio/flow-app', paths: ['/flow', '/ems'] },
  {
    name: '@helio/management-app',
    paths: ['/management', '/management/plants', '/management/plants/:id', '/management/inverters/:id', '/management/tags', '/plant/:id/settings'],
  },
  { name: '@helio/analytics-app', paths: ['/analytics', '/analytics/benchmark', '/analytics/benchmark/plant/:id'] },
  { name: '@helio/integrations-app', paths: ['/integrations', '/integrations/sources'] },
  { name: '@helio/rc-app', paths: ['/rc'] },
  { name: '@helio/fep-app', paths: ['/fep'] },
  { name: '@helio/ev-app', paths: ['/ev'] },
];

export const AUTH_APP = '@helio/auth-app';
export const NAV_PARCEL = '@helio/nav-app';
export const SIGN_OUT_PATH = '/auth/sign-out';

function normalise(pathname: string): string {
  return pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
}

const segments = (path: string) => path.split('/').filter((s) => s.length > 0);

export function pathMatches(pattern: string, pathname: string): boolean {
  const path = segments(normalise(pathname));
  const prefix = pattern.endsWith('/*');
  const parts = segments(prefix ? pattern.slice(0, -2) : pattern);
  if (prefix ? path.length <= parts.length : path.length !== parts.length) return false;
  return parts.every((part, i) => (part.startsWith(':') ? path[i].length > 0 : part === path[i]));
}

export function mainAppFor(pathname: string): MainApp | undefined {
  return MAIN_APPS.find((app) => app.paths.some((p) => pathMatches(p, pathname)));
}

/** Main routes need a session; everything else (sign-in, sign-out, not-found) belongs to auth-app. */
export function isMainRoute(pathname: string): boolean {
  return mainAppFor(pathname) !== undefined;
}

export function ownerOf(pathname: string): string {
  return mainAppFor(pathname)?.name ?? AUTH_APP;
}
