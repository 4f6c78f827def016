// An app's <Routes> from its manifest: each page name's element at each of its paths, inside the
// module wrapper the manifest names, and nothing on any other path (the shell decides who owns it).
import type { ComponentType, ReactElement, ReactNode } from 'react';
import { Route, Routes } from 'react-router-dom';
import type { ModuleKey } from '@helio/contracts/limits';
import type { AppManifest } from './app-manifest';

export type ModuleGateComponent = ComponentType<{ module: ModuleKey; children?: ReactNode }>;

export interface ManifestRoutesProps<Page extends string> {
  manifest: AppManifest<Page>;
  /** the element of every page the manifest names */
  pages: Readonly<Record<Page, ReactNode>>;
  /** a layout route around every page (e.g. the auth layout) */
  layout?: ReactElement;
}

/** The routes, with the module wrapper given (the real one, or the jest mock's). */
export function manifestRoutes<Page extends string>(
  { manifest, pages, layout }: ManifestRoutesProps<Page>,
  Gate: ModuleGateComponent,
): ReactElement {
  const routes = (Object.keys(manifest.routes) as Page[]).flatMap((page) => {
    const route = manifest.routes[page];
    const module = route.module === undefined ? manifest.module : route.module;
    const element = module ? <Gate module={module}>{pages[page]}</Gate> : pages[page];
    return route.paths.map((path) => <Route key={`${page} ${path}`} path={path} element={element} />);
  });
  const hasCatchAll = Object.values<{ paths: readonly string[] }>(manifest.routes).some((r) => r.paths.includes('*'));
  return (
    <Routes>
      {layout ? <Route element={layout}>{routes}</Route> : routes}
      {!hasCatchAll && <Route path="*" element={null} />}
    </Routes>
  );
}
