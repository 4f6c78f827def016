// The command history as CSV: machine-readable values (ISO times, JSON values, milliseconds).
import type { RcCommand } from '@helio/contracts';
import { toCsv } from '@helio/shared-utils';

export const HISTORY_CSV_HEADER = ['sentAt', 'user', 'source', 'key', 'from', 'to', 'state', 'confirmedAt', 'confirmMs'] as const;

export function historyCsv(commands: readonly RcCommand[]): string {
  return toCsv(
    HISTORY_CSV_HEADER,
    commands.map((c) => [
      c.sentAt,
      c.userEmail,
      c.source,
      c.key,
      JSON.stringify(c.from),
      JSON.stringify(c.to),
      c.state,
      c.confirmedAt,
      c.confirmMs,
    ]),
  );
}
