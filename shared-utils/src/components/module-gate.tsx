// The module wrapper: a module's routes render only for a user whose `modules`
// list has the module; anyone else meets a clear no-access page instead of failing API calls.
import type { ReactNode } from 'react';
import type { ModuleKey } from '@helio/contracts/limits';
import { useCurrentUser } from '../current-user/current-user';
import { ModuleGateView } from './module-no-access';

export interface ModuleGateProps {
  /** The module, as in the user's `modules` list. */
  module: ModuleKey;
  children?: ReactNode;
}

export function ModuleGate({ module, children }: ModuleGateProps) {
  return (
    <ModuleGateView module={module} user={useCurrentUser()}>
      {children}
    </ModuleGateView>
  );
}
