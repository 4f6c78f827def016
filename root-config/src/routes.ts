// Which registered application owns which URL (DESIGN §2). Later issues add their apps here.
export interface MainApp {
  /** import-map name */
  name: string;
  /** exact paths, or prefixes ending in '/*' (one or more further segments) */
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
];

export const AUTH_APP = '@helio/auth-app';
export const NAV_PARCEL = '@helio/nav-app';
export const SIGN_OUT_PATH = '/auth/sign-out';

function normalise(pathname: string): string {
  return pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
}

export function pathMatches(pattern: string, pathname: string): boolean {
  const path = normalise(pathname);
  if (pattern.endsWith('/*')) {
    const prefix = pattern.slice(0, -1);
    return path.startsWith(prefix) && path.length > prefix.length;
  }
  return path === pattern;
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
