// What an app tells the shell and the nav about itself, without its bundle being loaded: the paths it
// owns, the module each page needs, and its menu entries. One file per app (`<app>/src/manifest.ts`);
// the build collects them into the manifests document next to the import map in index.html.
import type { IconName } from '@blueprintjs/icons';
import type { ModuleKey } from '@helio/contracts/limits';
import type { Language } from '../i18n/loader-options';

/** A label in every console language: menus render before any app's translations are loaded. */
export type LocalisedText = Readonly<Record<Language, string>>;

export interface ManifestRoute {
  /**
   * Route patterns, as react-router reads them: exact paths, `:param` for one segment, a trailing
   * `/*` for one or more further segments (the shell's reading; react-router also lets it match none).
   */
  paths: readonly string[];
  /** The module the page needs; omitted: the app's module; null: no module wrapper. */
  module?: ModuleKey | null;
}

/** A main-menu entry (an icon on the rail) with the group its secondary panel lists. */
export interface ManifestMenuEntry {
  key: string;
  label: LocalisedText;
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
  label: LocalisedText;
  /** path, with `:param` segments for detail routes */
  href: string;
  icon?: IconName;
  /** reachable and matched, but left out of the secondary list */
  hidden?: boolean;
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

/** The label in the given language (Czech when the language has none). */
export function localised(text: LocalisedText, language: string | undefined): string {
  return text[language as Language] ?? text.cs;
}
