// What the first signed-in page needs, asked for the moment the session is known (the sign-in's
// answer, or the session restored on a reload) and all at once, instead of by each app once its code
// has arrived and mounted: the user (users/info + users/profile), the active plant (plant/active: the
// tenant is in the token, so it does not wait for the user), and on a page that shows the plant live
// (a manifest route with `liveShadow`) its shadow and the tab's live stream. The apps' own hooks then
// find the answers in the query cache under the same keys, and the stream already open.
import { queryClient } from '../query/query-client';
import { CURRENT_USER_STALE_MS, fetchCurrentUser, USERS_ME_KEY } from '../current-user/current-user';
import { activePlantQuery } from '../plants/use-plants';
import { currentActivePlant, storedActivePlantId } from '../plants/active-plant';
import { live } from '../shadow/live-connection';
import { shadowQuery, storeLiveShadow } from '../shadow/use-shadow';
import type { Session } from './session';

/**
 * How long the stream keeps the landing page's plant for it: long enough for the page to mount and
 * watch it itself (the watch is counted, so the stream is not reopened), short enough that a user who
 * moved on at once does not keep it.
 */
export const LANDING_WATCH_MS = 15_000;

/** The stream waits at most this long for the plant: the nav's alert news must not wait on a slow day. */
export const LIVE_HOLD_MAX_MS = 3_000;

const noAlerts = () => undefined;

export function prefetchFirstPage(session: Session, { liveShadow }: { liveShadow: boolean }): void {
  const { tenantId } = session.claims;
  void queryClient.prefetchQuery({
    queryKey: USERS_ME_KEY,
    queryFn: ({ signal }) => fetchCurrentUser(signal),
    staleTime: CURRENT_USER_STALE_MS,
  });
  const wanted = currentActivePlant()?.id ?? storedActivePlantId();
  if (!liveShadow) {
    void queryClient.prefetchQuery(activePlantQuery(tenantId, wanted));
    return;
  }
  // The nav hears alert news on every signed-in page and the page will watch its plant: the stream
  // waits for the plant so that it opens once, with both, rather than for the alerts and again with the plant.
  const stream = live();
  const resume = stream.holdOpen();
  setTimeout(resume, LIVE_HOLD_MAX_MS);
  const unwatchAlerts = stream.watchAlerts(noAlerts);
  queryClient
    .fetchQuery(activePlantQuery(tenantId, wanted))
    .then((plant) => {
      if (!plant) return;
      void queryClient.prefetchQuery(shadowQuery(plant.thingName));
      const unwatch = stream.watch(plant.thingName, storeLiveShadow);
      setTimeout(unwatch, LANDING_WATCH_MS);
    })
    .catch(() => undefined) // the page's own hooks ask again and show the failure
    .finally(() => {
      resume();
      setTimeout(unwatchAlerts, LANDING_WATCH_MS);
    });
}
