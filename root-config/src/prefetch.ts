// While someone signs in, the browser fetches what the signed-in page needs next: the nav, the app
// of the page they will land on, and both apps' texts. Done when the browser is idle, so the sign-in
// form always comes first; a failure here only means the fetch happens later, when it is needed.
import type { i18n as I18n } from 'i18next';

interface Prefetch {
  navParcel: string;
  /** The app that owns the page the user lands on after signing in. */
  landingApp: string | undefined;
  i18n: Pick<I18n, 'loadNamespaces'>;
  importModule: (name: string) => Promise<unknown>;
  whenIdle?: (run: () => void) => void;
}

const idle = (run: () => void) => {
  if (typeof window.requestIdleCallback === 'function') window.requestIdleCallback(run, { timeout: 2000 });
  else window.setTimeout(run, 200);
};

let done = false;

export function prefetchSignedIn({ navParcel, landingApp, i18n, importModule, whenIdle = idle }: Prefetch): void {
  if (done) return;
  done = true;
  whenIdle(() => {
    const apps = [navParcel, ...(landingApp ? [landingApp] : [])];
    for (const app of apps) importModule(app).catch(() => undefined);
    i18n.loadNamespaces(apps.map((app) => app.replace('@helio/', ''))).catch(() => undefined);
  });
}

/** For tests: forget that the prefetch ran. */
export function resetPrefetch(): void {
  done = false;
}
