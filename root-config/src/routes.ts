// Which application owns which URL, from the apps' manifests: a main-layout app owns its manifest's
// paths (signed in), the auth-layout app every other path. A manifest whose app is not in the import
// map (a module not built yet) still makes its paths main routes: they show the nav and nothing else.
import { mainAppFor, type AppManifests } from '@helio/shared-utils';

/** The auth-layout app when no manifest says otherwise (the shell must still reach sign-in). */
export const DEFAULT_AUTH_APP = '@helio/auth-app';
export const NAV_PARCEL = '@helio/nav-app';
export const SIGN_OUT_PATH = '/auth/sign-out';

export interface ShellRoutes {
  /** the main-layout apps to register: those with a manifest that the import map names */
  mainApps: string[];
  authApp: string;
  /** the app the path belongs to; a main route of an unbuilt module still names its (absent) app */
  ownerOf(pathname: string): string;
  /** main routes need a session; everything else (sign-in, sign-out, not-found) is the auth app's */
  isMainRoute(pathname: string): boolean;
}

export function shellRoutes(manifests: AppManifests, isBuilt: (name: string) => boolean): ShellRoutes {
  const names = Object.keys(manifests);
  const authApp = names.find((name) => manifests[name].layout === 'auth') ?? DEFAULT_AUTH_APP;
  const mainApps = names.filter((name) => (manifests[name].layout ?? 'main') === 'main' && isBuilt(name));
  return {
    mainApps,
    authApp,
    ownerOf: (pathname) => mainAppFor(manifests, pathname) ?? authApp,
    isMainRoute: (pathname) => mainAppFor(manifests, pathname) !== undefined,
  };
}
