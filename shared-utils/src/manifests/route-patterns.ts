// How the shell reads a manifest's route patterns: `:param` matches one non-empty segment, a
// trailing `/*` one or more further segments, a trailing slash is ignored.
import type { AppManifest, AppManifests } from './app-manifest';

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

/** Every path pattern a manifest declares. */
export function manifestPaths(manifest: AppManifest): string[] {
  return Object.values(manifest.routes).flatMap((route) => [...route.paths]);
}

/** The main-layout app whose manifest owns the path (built or not), or undefined. */
export function mainAppFor(manifests: AppManifests, pathname: string): string | undefined {
  return Object.entries(manifests).find(
    ([, manifest]) => (manifest.layout ?? 'main') === 'main' && manifestPaths(manifest).some((p) => pathMatches(p, pathname)),
  )?.[0];
}

/** Whether the page at the path shows the active plant's shadow live (its route's `liveShadow`). */
export function showsLiveShadow(manifests: AppManifests, pathname: string): boolean {
  return Object.values(manifests).some((manifest) =>
    Object.values(manifest.routes).some((route) => route.liveShadow === true && route.paths.some((p) => pathMatches(p, pathname))),
  );
}
