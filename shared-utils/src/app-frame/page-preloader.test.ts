// An app mounts on a URL with the code of that URL's page loaded, and loads nothing else: not the
// other pages' code, nothing for a path of no page, and nothing for a page in the app's own bundle.
import { pagePreloader } from './page-preloader';

const manifest = {
  routes: {
    dashboard: { paths: ['/', '/monitoring'] },
    inverters: { paths: ['/inverters'] },
    batteries: { paths: ['/batteries'] },
    metricLog: { paths: ['/logs/:metricKey'] },
    notFound: { paths: ['/monitoring/*'] },
  },
};

function lazyPageOf() {
  return Object.assign(() => null, { preload: jest.fn(() => Promise.resolve()) });
}

function pagesOfMonitoring() {
  const devices = lazyPageOf();
  return {
    dashboard: lazyPageOf(),
    inverters: devices,
    batteries: devices,
    metricLog: lazyPageOf(),
    notFound: () => null,
  };
}

describe('pagePreloader', () => {
  it("loads the code of the page a path shows, parameters included, and no other page's", async () => {
    const pages = pagesOfMonitoring();
    const preloadPageAt = pagePreloader(manifest, pages);
    await preloadPageAt('/logs/PvPower');
    expect(pages.metricLog.preload).toHaveBeenCalledTimes(1);
    expect(pages.dashboard.preload).not.toHaveBeenCalled();
    expect(pages.inverters.preload).not.toHaveBeenCalled();
  });

  it('loads the one page two routes share for either route', async () => {
    const pages = pagesOfMonitoring();
    const preloadPageAt = pagePreloader(manifest, pages);
    await preloadPageAt('/batteries');
    await preloadPageAt('/inverters');
    expect(pages.inverters.preload).toHaveBeenCalledTimes(2);
  });

  it('loads nothing for a path of no page, nor for a page in the bundle', async () => {
    const pages = pagesOfMonitoring();
    const preloadPageAt = pagePreloader(manifest, pages);
    await expect(preloadPageAt('/nowhere')).resolves.toBeUndefined();
    await expect(preloadPageAt('/monitoring/unknown')).resolves.toBeUndefined();
    for (const page of [pages.dashboard, pages.inverters, pages.metricLog]) expect(page.preload).not.toHaveBeenCalled();
  });
});
