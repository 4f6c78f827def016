// reports/subscription/get|save: the caller's own subscription to the monthly report (any signed-in
// user). reports/monthly: the report of a month as a PDF, in the caller's language, over the plants
// the caller may see (analytics module, metrics:read). A month that has not begun is refused.
import type { FleetSource } from '../analytics/fleet-period';
import type { ApiHandlers } from '../http/api-module';
import { badRequest } from '../http/errors';
import { monthReport } from './report-data';
import { renderReportPdf } from './report-pdf';
import { reportFileName, reportScope } from './report-scope';
import { saveSubscription, subscriptionOf } from './subscriptions';

/** yyyy-mm of an instant, in UTC: a month that began somewhere on Earth can be asked for. */
const monthOf = (at: number) => new Date(at).toISOString().slice(0, 7);

export function reportHandlers(fleet: FleetSource): ApiHandlers {
  const { db } = fleet;
  return {
    'reports/subscription/get': async (request) => subscriptionOf(db, request.user.sub),
    'reports/subscription/save': async (request) => saveSubscription(db, request.user, request.body),
    'reports/monthly': async (request, reply) => {
      const { month, plantId, tagId } = request.body;
      // what the caller may see first: a plant of another organisation is not found, whatever the month
      const scope = await reportScope(db, request.user, { plantId, tagId });
      if (month > monthOf(Date.now())) throw badRequest('The month has not begun yet', { field: 'month' });
      const user = await db.selectFrom('users').select('locale').where('id', '=', request.user.sub).executeTakeFirst();
      const pdf = await renderReportPdf(await monthReport(fleet, scope, month), user?.locale ?? 'cs');
      return reply
        .type('application/pdf')
        .header('content-disposition', `attachment; filename="${reportFileName(month, scope.name)}"`)
        .header('cache-control', 'private, no-store')
        .send(pdf);
    },
  };
}
