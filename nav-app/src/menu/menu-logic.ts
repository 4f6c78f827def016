// Pure menu rules: module gating and ordering, the active entry and item for a path, what the
// secondary panel lists and its title. Components only render what these return.
import type { IconName } from '@blueprintjs/icons';
import type { PageNameKey } from '@helio/shared-utils';
import type { ActiveMenu, MenuEntry, MenuItem } from './menu-types';

/**
 * The menu for a user: entries whose module is missing from `modules` are disabled and ordered after
 * the enabled ones (each part keeps the definition's order).
 */
export function buildMenu(definition: readonly MenuEntry[], modules: readonly string[]): MenuEntry[] {
  const gated = definition.map((entry) => ({
    ...entry,
    disabled: entry.disabled === true || (entry.module !== undefined && !modules.includes(entry.module)),
  }));
  return [...gated.filter((e) => !e.disabled), ...gated.filter((e) => e.disabled)];
}

/** The entries shown on the icon rail. */
export function railEntries(menu: readonly MenuEntry[]): MenuEntry[] {
  return menu.filter((entry) => !entry.hidden);
}

/** The items the secondary panel lists (hidden ones left out). */
export function visibleItems(entry: MenuEntry): MenuItem[] {
  return (entry.items ?? []).filter((item) => !item.hidden);
}

/** The panel's title: the active group's label key, or null for the product name when there is no group. */
export function panelTitle(active: ActiveMenu | null): PageNameKey | null {
  return active && visibleItems(active.entry).length > 0 ? active.entry.label : null;
}

export function entryIcon(entry: MenuEntry, isActive: boolean): IconName {
  return isActive ? entry.icon.active : entry.icon.inactive;
}

function segments(path: string): string[] {
  return path
    .split(/[?#]/)[0]
    .split('/')
    .filter((s) => s.length > 0);
}

/**
 * How a route pattern (`:param` segments match any one segment) covers a path: 'exact', a prefix
 * of `length` segments, or null. The root pattern is never a prefix: it would cover everything.
 */
function coverage(pattern: string, path: string[]): { exact: boolean; length: number } | null {
  const parts = segments(pattern);
  if (parts.length > path.length) return null;
  const same = parts.every((part, i) => part.startsWith(':') || part === path[i]);
  if (!same) return null;
  const exact = parts.length === path.length;
  return exact || parts.length > 0 ? { exact, length: parts.length } : null;
}

interface Candidate {
  entry: MenuEntry;
  item: MenuItem | null;
  exact: boolean;
  length: number;
}

/** Exact matches win (an item before an entry), then the longest prefix (an item before an entry). */
function better(a: Candidate, b: Candidate | null): boolean {
  if (!b) return true;
  if (a.exact !== b.exact) return a.exact;
  if (a.length !== b.length) return a.length > b.length;
  return a.item !== null && b.item === null;
}

/**
 * The visible item to light for a matched item: itself, for a hidden one the parent it names, else
 * its closest visible prefix.
 */
function visibleItemFor(entry: MenuEntry, item: MenuItem | null, path: string[]): MenuItem | null {
  if (item && !item.hidden) return item;
  const named = item?.parentHref && visibleItems(entry).find((candidate) => candidate.href === item.parentHref && !candidate.groupHeader);
  if (named) return named;
  let best: MenuItem | null = null;
  let bestLength = -1;
  for (const candidate of visibleItems(entry)) {
    if (candidate.groupHeader) continue;
    const c = coverage(candidate.href, path);
    if (c && c.length > bestLength) {
      best = candidate;
      bestLength = c.length;
    }
  }
  return best;
}

/** The entry and item the path lights up; when nothing matches, only a message is logged. */
export function findActive(menu: readonly MenuEntry[], pathname: string): ActiveMenu | null {
  const path = segments(pathname);
  let best: Candidate | null = null;
  for (const entry of menu) {
    const targets: Array<MenuItem | null> = [null, ...(entry.items ?? []).filter((i) => !i.groupHeader)];
    for (const item of targets) {
      const c = coverage(item ? item.href : entry.href, path);
      const candidate = c && { entry, item, ...c };
      if (candidate && better(candidate, best)) best = candidate;
    }
  }
  if (!best) {
    console.info(`No menu item matches the path ${pathname}`);
    return null;
  }
  return { entry: best.entry, item: visibleItemFor(best.entry, best.item, path) };
}
