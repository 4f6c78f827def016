import { prefetchSignedIn, resetPrefetch } from './prefetch';

describe('prefetch while signing in', () => {
  beforeEach(resetPrefetch);

  it('fetches the nav, the landing page’s app and their texts once the browser is idle, and only once', () => {
    const imported: string[] = [];
    const namespaces: string[][] = [];
    let idleWork: (() => void) | undefined;
    const run = () =>
      prefetchSignedIn({
        navParcel: '@helio/nav-app',
        landingApp: '@helio/monitoring-app',
        i18n: { loadNamespaces: ((ns: string[]) => (namespaces.push(ns), Promise.resolve())) as never },
        importModule: (name) => (imported.push(name), Promise.resolve()),
        whenIdle: (work) => (idleWork = work),
      });
    run();
    expect(imported).toEqual([]); // nothing before the browser is idle
    idleWork?.();
    expect(imported).toEqual(['@helio/nav-app', '@helio/monitoring-app']);
    expect(namespaces).toEqual([['nav-app', 'monitoring-app']]);
    idleWork = undefined;
    run();
    expect(idleWork).toBeUndefined();
  });

  it('leaves out the landing app when the page has none (an auth route)', () => {
    const imported: string[] = [];
    prefetchSignedIn({
      navParcel: '@helio/nav-app',
      landingApp: undefined,
      i18n: { loadNamespaces: (() => Promise.resolve()) as never },
      importModule: (name) => (imported.push(name), Promise.resolve()),
      whenIdle: (work) => work(),
    });
    expect(imported).toEqual(['@helio/nav-app']);
  });
});
