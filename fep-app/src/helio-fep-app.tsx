// Chunks (the lazy pages) load from wherever SystemJS found this module.
import 'systemjs-webpack-interop/auto-public-path';
import { helioApplication } from '@helio/shared-utils';
import { preloadPageAt, Root } from './root.component';

// The page of the URL is mounted with its code here: its first content is not held back (lazy-page.tsx).
export const { bootstrap, mount, unmount } = helioApplication(Root, { preload: () => preloadPageAt(window.location.pathname) });
