import { helioApplication } from '@helio/shared-utils';
import { NavPlaceholder, Root } from './root.component';

export const { bootstrap, mount, unmount } = helioApplication(Root, { router: false, fallback: <NavPlaceholder /> });
