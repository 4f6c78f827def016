// The command history as CSV, written as every export writes (shared-utils csv-values): times in the
// plant's clock with its offset, JSON values, milliseconds; the file named by the plant-local days its
// commands were sent on.
import type { RcCommand } from '@helio/contracts';
import { csvFileName, plantTimestamp, toCsv } from '@helio/shared-utils';

export const HISTORY_CSV_HEADER = ['sentAt', 'user', 'source', 'key', 'from', 'to', 'state', 'confirmedAt', 'confirmMs'] as const;

export function historyCsv(commands: readonly RcCommand[], timeZone: string): string {
  const time = (iso: string | null) => (iso === null ? null : plantTimestamp(Date.parse(iso), timeZone));
  return toCsv(
    HISTORY_CSV_HEADER,
    commands.map((c) => [
      time(c.sentAt),
      c.userEmail,
      c.source,
      c.key,
      JSON.stringify(c.from),
      JSON.stringify(c.to),
      c.state,
      time(c.confirmedAt),
      c.confirmMs,
    ]),
  );
}

/** `commands_<thing>_<first day>[_<last day>].csv`: the days from the oldest command listed to the newest. */
export function historyFileName(commands: readonly RcCommand[], thingName: string, timeZone: string): string {
  const sent = commands.map((c) => Date.parse(c.sentAt));
  const first = sent.length > 0 ? Math.min(...sent) : Date.now();
  const last = sent.length > 0 ? Math.max(...sent) : first;
  return csvFileName(['commands', thingName], first, last + 1, timeZone);
}
