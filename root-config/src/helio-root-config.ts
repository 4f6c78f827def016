// The root config: registers the applications by route, mounts the nav parcel once signed in, and
// keeps the main layout hidden until the session is confirmed valid.
import {
  addErrorHandler,
  getAppStatus,
  LOAD_ERROR,
  SKIP_BECAUSE_BROKEN,
  mountRootParcel,
  navigateToUrl,
  registerApplication,
  start,
  triggerAppChange,
  type LifeCycles,
  type Parcel,
  type ParcelConfigObject,
} from 'single-spa';
import {
  apiPost,
  appManifests,
  i18n,
  prefetchFirstPage,
  restoreSession,
  RETURN_TO_KEY,
  session$,
  showsLiveShadow,
  type Session,
} from '@helio/shared-utils';
import type { ReleaseReport } from '@helio/contracts';
import { showFailure, showLoading } from './app-panels';
import { prefetchSignedIn } from './prefetch';
import { registerServiceWorker } from './service-worker';
import { createReleaseReporter, pageReleases } from './release-reports';
import { NAV_PARCEL, SIGN_OUT_PATH, shellRoutes } from './routes';

const byId = (id: string) => document.getElementById(id) as HTMLElement;
const layout = byId('helio-layout');
const authContainer = byId('helio-auth');
const navContainer = byId('helio-nav');
const content = byId('helio-main-content');

/** Built apps are in the import map; a module a later app will bring is not, and is left out. */
function isBuilt(name: string): boolean {
  try {
    System.resolve(name);
    return true;
  } catch {
    return false;
  }
}

// The manifests document beside the import map says which paths each app owns.
const manifests = appManifests();
const { mainApps, authApp, ownerOf, isMainRoute } = shellRoutes(manifests, isBuilt);

/** The page a session that starts now lands on: this one, or after a sign-in the one asked for (else the dashboard). */
function sessionLandingPath(): string {
  const { pathname } = window.location;
  if (isMainRoute(pathname)) return pathname;
  return (sessionStorage.getItem(RETURN_TO_KEY) ?? '/').split(/[?#]/)[0];
}

let session: Session | null | undefined;

const releases = createReleaseReporter({
  ...pageReleases(),
  send: (report: ReleaseReport) => apiPost('releases/report', report),
});
const containers = new Map<string, HTMLElement>([[authApp, authContainer]]);

function containerFor(name: string): HTMLElement {
  let el = containers.get(name);
  if (!el) {
    el = document.createElement('div');
    el.id = `app-${name.replace('@helio/', '')}`;
    content.append(el);
    containers.set(name, el);
  }
  return el;
}

/** Loads an app through SystemJS, with the spinner in its place meanwhile. */
function loadApp(name: string): () => Promise<LifeCycles> {
  return () => {
    const el = containerFor(name);
    showLoading(el);
    return System.import<LifeCycles>(name).then((lifecycles) => {
      releases.loaded(name);
      return lifecycles;
    });
  };
}

for (const name of mainApps) {
  registerApplication({
    name,
    app: loadApp(name),
    activeWhen: (location) => !!session && ownerOf(location.pathname) === name,
    customProps: { domElement: containerFor(name) },
  });
}
registerApplication({
  name: authApp,
  app: loadApp(authApp),
  activeWhen: (location) => !isMainRoute(location.pathname),
  customProps: { domElement: authContainer },
});

// An app that fails leaves the rest working: its place shows an error panel with a retry, and
// SystemJS forgets the failed module so the retry really fetches it again.
addErrorHandler((error) => {
  const name = error.appOrParcelName;
  console.error(error);
  releases.failed(name, error);
  try {
    System.delete(System.resolve(name));
  } catch {
    // not in the registry: nothing to forget
  }
  if (name === NAV_PARCEL) return;
  const loadFailed = getAppStatus(name) === LOAD_ERROR;
  showFailure(containerFor(name), 'appFailedTitle', () => (loadFailed ? triggerAppChange() : window.location.reload()));
});

let navParcel: Parcel | null = null;

function mountNav(): void {
  if (navParcel) return;
  const parcel = mountRootParcel(() => System.import<ParcelConfigObject>(NAV_PARCEL), {
    domElement: navContainer,
    name: NAV_PARCEL,
  });
  navParcel = parcel;
  parcel.mountPromise.catch((error: unknown) => {
    console.error(error);
    try {
      System.delete(System.resolve(NAV_PARCEL));
    } catch {
      // not in the registry
    }
    navParcel = null;
    showFailure(navContainer, 'navFailedTitle', () => mountNav());
  });
}

function unmountNav(): void {
  const parcel = navParcel;
  navParcel = null;
  if (parcel && parcel.getStatus() === 'MOUNTED') parcel.unmount().catch(console.error);
}

/** A failed app's error panel shows only on its own pages: elsewhere the app that owns the page is alone. */
function showFailedPanels(pathname: string): void {
  for (const name of mainApps) {
    const el = containers.get(name);
    const status = getAppStatus(name);
    if (el) el.hidden = (status === LOAD_ERROR || status === SKIP_BECAUSE_BROKEN) && ownerOf(pathname) !== name;
  }
}

/** Shows the main layout only with a valid session; a main route without one goes to sign-out. */
function guard(): void {
  const { pathname, search } = window.location;
  showFailedPanels(pathname);
  const main = isMainRoute(pathname);
  layout.hidden = !(main && session);
  authContainer.hidden = main;
  if (main && session === null) {
    sessionStorage.setItem(RETURN_TO_KEY, pathname + search);
    navigateToUrl(SIGN_OUT_PATH);
  }
}

session$.subscribe((next) => {
  const changed = !!next !== !!session;
  session = next;
  if (next && changed) prefetchFirstPage(next, { liveShadow: showsLiveShadow(manifests, sessionLandingPath()) });
  if (next) {
    mountNav();
    releases.signedIn();
  } else if (next === null) {
    releases.signedOut();
    unmountNav();
    const landing = sessionStorage.getItem(RETURN_TO_KEY) ?? '/';
    const landingPath = landing.split(/[?#]/)[0];
    const landingApp = isMainRoute(landingPath) && mainApps.includes(ownerOf(landingPath)) ? ownerOf(landingPath) : undefined;
    prefetchSignedIn({ navParcel: NAV_PARCEL, landingApp, i18n, importModule: (name) => System.import(name) });
  }
  guard();
  if (changed) triggerAppChange();
});
window.addEventListener('single-spa:routing-event', guard);

// On a signed-in page's load (a reload, a link) the nav's and the page's texts are asked for with the
// shell's own, not after each app's code has arrived (the sign-in page prefetches them for a sign-in).
const openingPath = window.location.pathname;
const openingTexts = isMainRoute(openingPath) ? [NAV_PARCEL, ownerOf(openingPath)].map((app) => app.replace('@helio/', '')) : [];
i18n.loadNamespaces(['root-config', ...openingTexts]).catch(console.error);
start({ urlRerouteOnly: true });
registerServiceWorker(i18n);
restoreSession().catch(() => undefined);
