// What the device registry and the fleet read of a shadow, kept in a narrow table beside it whenever
// it is written: when the gateway last reported (the newest timestamp of the reported metadata) and
// the firmware it reported, and the shadow's version. A fleet of 10,000 plants is then listed without
// reading 10,000 shadow rows: a shadow row holds two JSON documents (a few KB), this one a time, a
// version string and a number.
import type { Transaction } from 'kysely';
import { insertRows } from '../../db/row-columns';
import type { Database } from '../../db/schema';
import { newestTimestamp } from '../../notifications/conditions';

export interface GatewayReport {
  /** Epoch ms of the newest reported value; null when nothing was reported. */
  last_reported_at: number | null;
  /** The reported FirmwareVersion when it is a string. */
  firmware: string | null;
}

export interface ReportedShadow {
  state: { reported: Record<string, unknown> };
  metadata: { reported: unknown };
  version: number;
}

const GATEWAY_REPORT_COLUMNS = { thing_name: 'text', last_reported_at: 'bigint', firmware: 'text', shadow_version: 'integer' } as const;

export function gatewayReport(shadow: Omit<ReportedShadow, 'version'>): GatewayReport {
  const firmware = shadow.state.reported.FirmwareVersion;
  return { last_reported_at: newestTimestamp(shadow.metadata.reported), firmware: typeof firmware === 'string' ? firmware : null };
}

/** Writes the gateway reports of shadows just written, in the same transaction (one statement for any number). */
export async function writeGatewayReports(
  trx: Transaction<Database>,
  shadows: readonly { thingName: string; shadow: ReportedShadow }[],
): Promise<void> {
  if (shadows.length === 0) return;
  const rows = shadows.map(({ thingName, shadow }) => ({
    thing_name: thingName,
    ...gatewayReport(shadow),
    shadow_version: shadow.version,
  }));
  await insertRows(trx, 'gateway_reports', GATEWAY_REPORT_COLUMNS, rows, (insert) =>
    insert.onConflict((oc) =>
      oc.column('thing_name').doUpdateSet((eb) => ({
        last_reported_at: eb.ref('excluded.last_reported_at'),
        firmware: eb.ref('excluded.firmware'),
        shadow_version: eb.ref('excluded.shadow_version'),
      })),
    ),
  );
}
