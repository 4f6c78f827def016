// The app's routes from its manifest, behind the real module wrapper.
import { ModuleGate } from '../components/module-gate';
import { manifestRoutes, type ManifestRoutesProps } from './manifest-routes';

export function ManifestRoutes<Page extends string>(props: ManifestRoutesProps<Page>) {
  return manifestRoutes(props, ModuleGate);
}
