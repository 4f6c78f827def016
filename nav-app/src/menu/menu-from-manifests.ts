// The main menu from the apps' manifests: every app's entries in their order on the rail, and each
// group's items (from whichever app declares them) in their order in the secondary panel. Apps not
// built yet keep their entries (their manifests are in the document too); the user's modules decide
// what is enabled (menu-logic's buildMenu).
import type { AppManifests, ManifestMenuEntry, ManifestMenuItem } from '@helio/shared-utils';
import type { MenuEntry, MenuItem } from './menu-types';

const byOrder = <T extends { order: number }>(a: T, b: T) => a.order - b.order;

function toItem({ group: _group, order: _order, ...item }: ManifestMenuItem): MenuItem {
  return item;
}

function toEntry({ order: _order, ...entry }: ManifestMenuEntry, items: ManifestMenuItem[]): MenuEntry {
  return items.length > 0 ? { ...entry, items: items.sort(byOrder).map(toItem) } : { ...entry };
}

export function menuFromManifests(manifests: AppManifests): MenuEntry[] {
  const apps = Object.values(manifests);
  const entries = apps.flatMap((m) => m.menu?.entries ?? []).sort(byOrder);
  const items = apps.flatMap((m) => m.menu?.items ?? []);
  const keys = new Set(entries.map((e) => e.key));
  for (const item of items) {
    if (!keys.has(item.group)) console.error(`Menu item ${item.href} names the group "${item.group}", which no app declares`);
  }
  return entries.map((entry) =>
    toEntry(
      entry,
      items.filter((item) => item.group === entry.key),
    ),
  );
}
