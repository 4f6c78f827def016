// The shape of the side navigation: main-menu entries on the icon rail, each with the items its
// secondary panel lists. Built from every app's manifest (menu-from-manifests.ts).
import type { IconName } from '@blueprintjs/icons';
import type { ModuleKey } from '@helio/contracts/limits';
import type { LocalisedText } from '@helio/shared-utils';

/** Module keys of the user's `modules` list gate a main-menu entry. */
export type { ModuleKey };

export interface MenuItem {
  label: LocalisedText;
  /** path, with `:param` segments for detail routes (e.g. /management/plants/:id) */
  href: string;
  icon?: IconName;
  /** reachable and matched, but left out of the secondary list */
  hidden?: boolean;
  /** a section heading in the secondary list, never a link and never matched */
  groupHeader?: boolean;
  /** a wider gap above this item, to separate sections */
  extraTopMargin?: boolean;
}

export interface MenuEntry {
  key: string;
  label: LocalisedText;
  href: string;
  icon: { active: IconName; inactive: IconName };
  /** left out of the icon rail (still matched, e.g. settings reached via /my-account) */
  hidden?: boolean;
  disabled?: boolean;
  /** the module the user needs; entries without one are always enabled */
  module?: ModuleKey;
  /** the group the secondary panel lists; the entry's label is the group label */
  items?: MenuItem[];
}

/** What the current path lights up: the main entry and, when one matches, the secondary item. */
export interface ActiveMenu {
  entry: MenuEntry;
  /** the visible item to highlight (a hidden detail route lights its parent); null when none */
  item: MenuItem | null;
}
