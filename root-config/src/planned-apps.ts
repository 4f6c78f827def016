// Manifests of the modules whose apps are not built yet: their routes are main routes (the nav and
// nothing else) and their menu entries show, from today. When a module's app arrives with its own
// `src/manifest.ts`, its entry here is ignored; delete it then (tools/app-manifests.test.js says so).
// Type imports only: the build reads this file without bundling it.
import type { AppManifest } from '@helio/shared-utils';

export const plannedApps: Record<string, AppManifest> = {};
