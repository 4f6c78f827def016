// Which open alerts are new since the last poll. The first answer only sets the baseline (alerts
// that were open before the nav loaded are not news); after that each unseen id is news once.
export interface AlertWatch {
  /** ids seen so far; null until the first answer */
  seen: ReadonlySet<string> | null;
}

export const INITIAL_WATCH: AlertWatch = { seen: null };

export function detectNewAlerts<A extends { id: string }>(watch: AlertWatch, alerts: readonly A[]): { watch: AlertWatch; fresh: A[] } {
  const fresh = watch.seen === null ? [] : alerts.filter((alert) => !watch.seen?.has(alert.id));
  // Ids are kept even after they leave the latest page, so an alert is never announced twice.
  const seen = new Set(watch.seen ?? []);
  for (const alert of alerts) seen.add(alert.id);
  return { watch: { seen }, fresh };
}
