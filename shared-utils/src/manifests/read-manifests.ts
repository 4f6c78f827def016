// The manifests document the build inlines into index.html beside the import map. Read once; an
// entry that is not shaped like a manifest is left out with a message, so one broken app cannot
// take the shell down.
import type { AppManifest, AppManifests } from './app-manifest';

export const APP_MANIFESTS_ELEMENT_ID = 'helio-app-manifests';

function isManifest(value: unknown): value is AppManifest {
  if (typeof value !== 'object' || value === null) return false;
  const routes = (value as { routes?: unknown }).routes;
  if (typeof routes !== 'object' || routes === null) return false;
  return Object.values(routes).every((route) => Array.isArray((route as { paths?: unknown })?.paths));
}

export function readAppManifests(doc: Pick<Document, 'getElementById'>): AppManifests {
  const text = doc.getElementById(APP_MANIFESTS_ELEMENT_ID)?.textContent;
  if (!text) {
    console.error(`No #${APP_MANIFESTS_ELEMENT_ID} in the page: no app is registered`);
    return {};
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (error) {
    console.error('The app manifests document is not JSON', error);
    return {};
  }
  const manifests: Record<string, AppManifest> = {};
  for (const [name, manifest] of Object.entries(parsed as Record<string, unknown>)) {
    if (isManifest(manifest)) manifests[name] = manifest;
    else console.error(`The manifest of ${name} is malformed and was left out`);
  }
  return manifests;
}

let cached: AppManifests | undefined;

/** Every app's manifest, as index.html carries them (read on first use). */
export function appManifests(): AppManifests {
  cached ??= readAppManifests(document);
  return cached;
}
