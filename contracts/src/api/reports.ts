// The monthly plant report: the caller's subscription to it by mail (reports/subscription/*) and the
// report of a past month as a PDF (reports/monthly), for one plant, one tag or every plant the caller
// may see. The PDF's figures are the analytics figures of the same plants and month.
import { Type, type Static } from '@sinclair/typebox';
import { access, endpoint, Id, NoBody, SIGNED_IN, strict, type EndpointTypes } from './common';

/** How many plants and tags one subscription names: each is a PDF attached to the month's mail. */
export const MAX_REPORT_SCOPES = 20;

/** yyyy-mm */
export const ReportMonth = Type.String({ pattern: '^\\d{4}-(0[1-9]|1[0-2])$', maxLength: 7, examples: ['2025-06'] });

export const ReportSubscription = Type.Object(
  {
    enabled: Type.Boolean(),
    /** A PDF per plant and per tag named here; with none named, one PDF of every plant the user may see. */
    plantIds: Type.Array(Id, { maxItems: MAX_REPORT_SCOPES, uniqueItems: true }),
    tagIds: Type.Array(Id, { maxItems: MAX_REPORT_SCOPES, uniqueItems: true }),
  },
  strict,
);
export type ReportSubscription = Static<typeof ReportSubscription>;

/** One plant (plantId), one tag's plants (tagId), or every plant the caller may see (neither). */
export const MonthlyReportRequest = Type.Object({ month: ReportMonth, plantId: Type.Optional(Id), tagId: Type.Optional(Id) }, strict);
export type MonthlyReportRequest = Static<typeof MonthlyReportRequest>;

/** The PDF itself (application/pdf), not JSON. */
export const PDF_ANSWER = Type.Unsafe<Uint8Array>({ type: 'string', format: 'binary', contentMediaType: 'application/pdf' });

export const reportEndpoints = {
  'reports/subscription/get': endpoint(NoBody, ReportSubscription, access(SIGNED_IN)),
  'reports/subscription/save': endpoint(ReportSubscription, ReportSubscription, access(SIGNED_IN)),
  'reports/monthly': endpoint(
    MonthlyReportRequest,
    PDF_ANSWER,
    access('metrics:read', {
      module: 'analytics',
      tenantResources: [
        { field: 'plantId', kind: 'plant' },
        { field: 'tagId', kind: 'tag' },
      ],
    }),
  ),
};
export type ReportEndpoints = EndpointTypes<typeof reportEndpoints>;
