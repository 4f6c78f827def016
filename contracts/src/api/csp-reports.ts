// POST /api/csp-reports: where browsers report Content-Security-Policy violations. Not a JSON endpoint
// of the usual kind (report media types, answered 204 without a body), so it is its own contract: the
// path, the media types it takes and the body both report formats may have.
import { Type, type Static } from '@sinclair/typebox';

/** Reports one Reporting API batch may carry. */
export const CSP_REPORTS_PER_BATCH_MAX = 50;
/** The longest text of a report field. */
export const CSP_REPORT_TEXT_MAX = 4096;

const Text = Type.String({ maxLength: CSP_REPORT_TEXT_MAX });

/** The older single report (report-uri, application/csp-report). */
export const CspLegacyReport = Type.Object({
  'csp-report': Type.Object({
    'document-uri': Type.Optional(Text),
    'violated-directive': Type.Optional(Text),
    'effective-directive': Type.Optional(Text),
    'blocked-uri': Type.Optional(Text),
  }),
});
export type CspLegacyReport = Static<typeof CspLegacyReport>;

/** The Reporting API's batch (report-to, application/reports+json). */
export const CspReportBatch = Type.Array(
  Type.Object({
    type: Type.String({ maxLength: 64 }),
    url: Type.Optional(Text),
    body: Type.Optional(
      Type.Object({ documentURL: Type.Optional(Text), effectiveDirective: Type.Optional(Text), blockedURL: Type.Optional(Text) }),
    ),
  }),
  { maxItems: CSP_REPORTS_PER_BATCH_MAX },
);
export type CspReportBatch = Static<typeof CspReportBatch>;

export const cspReportContract = {
  path: '/api/csp-reports',
  method: 'POST',
  consumes: ['application/csp-report', 'application/reports+json'],
  body: Type.Union([CspLegacyReport, CspReportBatch]),
  /** Answered 204 without a body. */
  status: 204,
} as const;
