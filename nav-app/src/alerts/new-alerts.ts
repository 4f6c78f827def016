// Which open alerts are news. The live stream says so of an alert as it opens; the poll of the latest
// open alerts is the fallback: its first answer only sets the baseline (alerts that were open before
// the nav loaded are not news), after that each unseen id is news. Either way an alert is news once.
export interface AlertWatch {
  /** false until the poll's first answer */
  baseline: boolean;
  /** ids seen or announced so far */
  seen: ReadonlySet<string>;
}

export const INITIAL_WATCH: AlertWatch = { baseline: false, seen: new Set() };

/** The poll's answer: what it shows that was not seen before (nothing the first time). */
export function detectNewAlerts<A extends { id: string }>(watch: AlertWatch, alerts: readonly A[]): { watch: AlertWatch; fresh: A[] } {
  const fresh = watch.baseline ? alerts.filter((alert) => !watch.seen.has(alert.id)) : [];
  // Ids are kept even after they leave the latest page, so an alert is never announced twice.
  const seen = new Set(watch.seen);
  for (const alert of alerts) seen.add(alert.id);
  return { watch: { baseline: true, seen }, fresh };
}

/** An alert the live stream says opened: news unless it was seen already, even before the first poll. */
export function alertOpened<A extends { id: string }>(watch: AlertWatch, alert: A): { watch: AlertWatch; fresh: A[] } {
  if (watch.seen.has(alert.id)) return { watch, fresh: [] };
  return { watch: { baseline: watch.baseline, seen: new Set(watch.seen).add(alert.id) }, fresh: [alert] };
}
