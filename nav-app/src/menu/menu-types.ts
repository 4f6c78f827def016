// The shape of the side navigation: main-menu entries on the icon rail, each with the items its
// secondary panel lists. Built from every app's manifest (menu-from-manifests.ts), whose fields these are.
import type { ManifestMenuEntry, ManifestMenuItem } from '@helio/shared-utils';

/** An item of a group's secondary list (the manifest's item, placed in its group and order). */
export type MenuItem = Omit<ManifestMenuItem, 'group' | 'order'>;

export interface MenuEntry extends Omit<ManifestMenuEntry, 'order'> {
  /** dimmed with the no-access tooltip: the user lacks the entry's module */
  disabled?: boolean;
  /** the group the secondary panel lists; the entry's label is the group label */
  items?: MenuItem[];
}

/** What the current path lights up: the main entry and, when one matches, the secondary item. */
export interface ActiveMenu {
  entry: MenuEntry;
  /** the visible item to highlight (a hidden detail route lights its parent); null when none */
  item: MenuItem | null;
}
