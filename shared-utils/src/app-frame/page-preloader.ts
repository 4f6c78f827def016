// What an app waits for before it mounts (helioApplication's `preload`): the code of the page its URL
// shows, so that page renders without suspending and React's fallback throttle does not hold its
// first content back ~300 ms (lazy-page.tsx). One helper for every app, fed by its manifest and its
// pages by route name.
import type { ComponentType } from 'react';
import { pageAt } from '../manifests/page-at';
import type { LazyPage } from './lazy-page';

/** A route's page: a lazy one, or one in the app's own bundle (its code is here, nothing to load). */
export type RoutePage = LazyPage<never> | ComponentType<never>;

/**
 * The app's `preload(pathname)`: loads the code of the page `pathname` shows (nothing for a path of
 * no page). Every route of the manifest names its page, so a route added later cannot be forgotten.
 */
export function pagePreloader<Page extends string>(
  manifest: { routes: Readonly<Record<Page, { paths: readonly string[] }>> },
  pages: Readonly<Record<NoInfer<Page>, RoutePage>>,
): (pathname: string) => Promise<void> {
  return (pathname) => {
    const name = pageAt(manifest, pathname);
    const page = name === undefined ? undefined : pages[name];
    return page && 'preload' in page ? page.preload() : Promise.resolve();
  };
}
