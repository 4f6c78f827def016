import { useCurrentUser } from './current-user';
import { mayCall, type GuardedEndpoint } from './may-call';

/** The signed-in user may call the endpoint (false until the user has loaded, so no form flashes editable). */
export function useMayCall(path: GuardedEndpoint): boolean {
  return mayCall(useCurrentUser().data, path);
}
