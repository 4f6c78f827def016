// Which of an app's pages a URL shows, by its manifest's paths (as its routes match them).
import { matchPath } from 'react-router-dom';

export function pageAt<Page extends string>(
  manifest: { routes: Record<Page, { paths: readonly string[] }> },
  pathname: string,
): Page | undefined {
  return (Object.keys(manifest.routes) as Page[]).find((page) =>
    manifest.routes[page].paths.some((path) => path !== '*' && matchPath({ path, end: true }, pathname) !== null),
  );
}
