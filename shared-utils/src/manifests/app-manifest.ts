// What an app tells the shell and the nav about itself, without its bundle being loaded: the paths it
// owns, the module each page needs, and its menu entries. One file per app (`<app>/src/manifest.ts`);
// the build collects them into the manifests document next to the import map in index.html.
import type { IconName } from '@blueprintjs/icons';
import type { ModuleKey } from '@helio/contracts/limits';

/**
 * The key, in shared-utils' `common` namespace, of a module's or page's name: the menu, the page's
 * header and the document title all show it, so one thing has one name. `common` is loaded before
 * anything renders, so menus need no app's translations.
 */
export type PageNameKey = `modules.${string}` | `pages.${string}`;

export interface ManifestRoute {
  /**
   * Route patterns, as react-router reads them: exact paths, `:param` for one segment, a trailing
   * `/*` for one or more further segments (the shell's reading; react-router also lets it match none).
   */
  paths: readonly string[];
  /** The module the page needs; omitted: the app's module; null: no module wrapper. */
  module?: ModuleKey | null;
  /**
   * The page shows the active plant's shadow live: the shell asks for the plant, its shadow and the
   * live stream as soon as the session is known, before the page's code has arrived.
   */
  liveShadow?: boolean;
}

/** A main-menu entry (an icon on the rail) with the group its secondary panel lists. */
export interface ManifestMenuEntry {
  key: string;
  label: PageNameKey;
  href: string;
  icon: { active: IconName; inactive: IconName };
  /** the module the user needs; an entry without one is always enabled */
  module?: ModuleKey;
  /** left out of the icon rail, still matched (e.g. settings, reached via /my-account) */
  hidden?: boolean;
  /** place on the rail: lower first, across every app's entries */
  order: number;
}

/** An item of a group's secondary panel; the group may belong to another app (e.g. /flow under monitoring). */
export interface ManifestMenuItem {
  /** key of the main-menu entry whose panel lists this item */
  group: string;
  label: PageNameKey;
  /** path, with `:param` segments for detail routes */
  href: string;
  icon?: IconName;
  /** reachable and matched, but left out of the secondary list */
  hidden?: boolean;
  /**
   * for a hidden item: the href of the visible item it lights, when that is not the closest visible
   * prefix (an inverter's detail under "Plants", the plant's settings under "Plants")
   */
  parentHref?: string;
  /** a section heading in the secondary list, never a link and never matched */
  groupHeader?: boolean;
  /** a wider gap above this item, to separate sections */
  extraTopMargin?: boolean;
  /** place in the group: lower first, across every app's items */
  order: number;
}

export interface AppManifest<Page extends string = string> {
  /** 'main' (default): signed-in pages in the main layout; 'auth': the auth layout, owning every other path */
  layout?: 'main' | 'auth';
  /** the module the app's pages need unless a route says otherwise */
  module?: ModuleKey;
  /** the app's pages by name: root.component.tsx gives each name its element */
  routes: Readonly<Record<Page, ManifestRoute>>;
  menu?: {
    entries?: readonly ManifestMenuEntry[];
    items?: readonly ManifestMenuItem[];
  };
}

/** The manifests document: every app's manifest under its import-map name. */
export type AppManifests = Readonly<Record<string, AppManifest>>;

/** The page names of a manifest, for typing the elements its root component provides. */
export type PageOf<M> = M extends AppManifest<infer Page> ? Page : never;
