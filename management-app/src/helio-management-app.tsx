// Chunks (the lazy pages) load from wherever SystemJS found this module.
import 'systemjs-webpack-interop/auto-public-path';
import { helioApplication } from '@helio/shared-utils';
import { Root } from './root.component';

export const { bootstrap, mount, unmount } = helioApplication(Root);
