// The monthly report by mail: on the 1st to the 3rd of each month (Prague time; the later days catch
// a server that was down on the 1st), every active user who switched the report on gets one mail with
// a PDF per plant and per tag they chose (or one of all their plants), on last month, in their
// language. It is a leader job (one replica works), and each mail is recorded in report_deliveries
// (user, month) in the transaction that queues it: a restart, a second replica or the next hourly
// turn finds the record and sends nothing again. Figures are for the plants the user may see at the
// time of sending (plants/access.ts), never more.
import type { Kysely } from 'kysely';
import type { AnalyticsConfig } from '../analytics/analytics-config';
import type { Database, Locale } from '../db/schema';
import { parseModules } from '../http/auth';
import { effectivePermissions } from '../iam/roles';
import { startLeaderJob, type JobClock } from '../jobs/leader-job';
import type { MailAttachment } from '../mail/outbox';
import { enqueueMail } from '../mail/outbox';
import type { PlantCaller } from '../plants/access';
import { calendarOf } from '../series/calendar';
import { KeptCounters } from '../analytics/closed-counters';
import { monthReport } from './report-data';
import { renderReportPdf } from './report-pdf';
import { reportFileName, reportScope } from './report-scope';
import { REPORT_TEXTS, reportFormat } from './report-texts';
import { reportsDb } from './tables';

export const MONTHLY_REPORT_JOB = 'monthly-reports';
const HOUR_MS = 3_600_000;
/** The calendar the 1st of the month is read on. */
const REPORT_ZONE = 'Europe/Prague';
/** The last day of the month the previous month's report is still sent on. */
const LAST_SENDING_DAY = 3;

/** The month to report on at `now` (yyyy-mm), or null outside the sending days. */
export function dueMonth(now: number): string | null {
  const local = new Date(now + calendarOf(REPORT_ZONE).offsetAt(now));
  if (local.getUTCDate() > LAST_SENDING_DAY) return null;
  const previous = new Date(Date.UTC(local.getUTCFullYear(), local.getUTCMonth() - 1, 1));
  return previous.toISOString().slice(0, 7);
}

interface Subscriber {
  id: string;
  tenant_id: string;
  email: string;
  locale: Locale;
  role: string;
  custom_role_id: string | null;
  custom_permissions: string | null;
  plant_ids: string;
  tag_ids: string;
}

/** Subscribed, active, real users (not invitations' placeholders) with no record for the month yet. */
function pendingSubscribers(db: Kysely<Database>, month: string): Promise<Subscriber[]> {
  const rdb = reportsDb(db);
  return rdb
    .selectFrom('report_subscriptions')
    .innerJoin('users', 'users.id', 'report_subscriptions.user_id')
    .leftJoin('roles', 'roles.id', 'users.custom_role_id')
    .select([
      'users.id',
      'users.tenant_id',
      'users.email',
      'users.locale',
      'users.role',
      'users.custom_role_id',
      'roles.permissions as custom_permissions',
      'report_subscriptions.plant_ids',
      'report_subscriptions.tag_ids',
    ])
    .where('report_subscriptions.enabled', '=', 1)
    .where('users.status', '=', 'active')
    .where('users.placeholder', '=', 0)
    .where(
      'users.id',
      'not in',
      rdb.selectFrom('report_deliveries').select('report_deliveries.user_id').where('report_deliveries.month', '=', month),
    )
    .orderBy('users.id')
    .execute();
}

/** The PDFs of one subscriber's month: one per chosen plant and tag still theirs, or one of all their plants. */
async function subscriberReports(db: Kysely<Database>, user: Subscriber, month: string, config: AnalyticsConfig, now: number) {
  // nothing kept: each subscriber's month is read once (kept ranges are per user)
  const fleet = { db, config, counters: new KeptCounters(db, 0) };
  const caller: PlantCaller = { tenantId: user.tenant_id, sub: user.id, roleId: user.custom_role_id ?? user.role };
  const plantIds = JSON.parse(user.plant_ids) as string[];
  const tagIds = JSON.parse(user.tag_ids) as string[];
  const asks =
    plantIds.length + tagIds.length === 0 ? [{}] : [...plantIds.map((plantId) => ({ plantId })), ...tagIds.map((tagId) => ({ tagId }))];
  const attachments: MailAttachment[] = [];
  for (const ask of asks) {
    const scope = await reportScope(db, caller, ask).catch(() => null); // no longer theirs: left out
    if (!scope) continue;
    const report = await monthReport(fleet, scope, month, now);
    if (report.plantCount === 0) continue;
    attachments.push({
      filename: reportFileName(month, scope.name),
      contentType: 'application/pdf',
      content: await renderReportPdf(report, user.locale),
    });
  }
  return attachments;
}

export interface MonthlyMailDeps {
  db: Kysely<Database>;
  config: AnalyticsConfig;
  consoleUrl: string;
  log: { info(message: string): void; error(message: string): void };
  /** The app's mailer, to deliver at once; without it the mailer's retry timer picks the outbox up. */
  mailer?: { kick(): void };
}

/** One turn: mails last month's reports to every subscriber still without them; answers how many mails. */
export async function sendMonthlyReports(deps: MonthlyMailDeps, now: number): Promise<number> {
  const month = dueMonth(now);
  if (!month) return 0;
  let sent = 0;
  for (const user of await pendingSubscribers(deps.db, month)) {
    const permissions = effectivePermissions(user.role, user.custom_role_id === null ? null : (user.custom_permissions ?? '[]'));
    if (!permissions.includes('metrics:read')) continue;
    const attachments = await subscriberReports(deps.db, user, month, deps.config, now);
    if (attachments.length === 0) continue;
    const t = REPORT_TEXTS[user.locale];
    const monthName = reportFormat(user.locale).month(month);
    const queued = await deps.db.transaction().execute(async (trx) => {
      // The record first: a second sender's insert fails on (user, month) and its mail is rolled back.
      const claimed = await reportsDb(trx)
        .insertInto('report_deliveries')
        .values({ user_id: user.id, month, sent_at: new Date(now).toISOString(), outbox_id: null, reports: attachments.length })
        .onConflict((oc) => oc.columns(['user_id', 'month']).doNothing())
        .executeTakeFirst();
      if (Number(claimed.numInsertedOrUpdatedRows ?? 0n) !== 1) return false;
      const outboxId = await enqueueMail(trx, {
        to: user.email,
        language: user.locale,
        subject: t.mailSubject(monthName),
        text: t.mailBody(monthName, attachments.length, deps.consoleUrl),
        attachments,
      });
      await reportsDb(trx)
        .updateTable('report_deliveries')
        .set({ outbox_id: outboxId })
        .where('user_id', '=', user.id)
        .where('month', '=', month)
        .execute();
      return true;
    });
    if (queued) sent += 1;
  }
  if (sent > 0) {
    deps.log.info(`monthly reports for ${month}: ${sent} mails queued`);
    deps.mailer?.kick();
  }
  return sent;
}

/** Tries every hour (a few minutes after it), on the replica that leads the job. */
export function startMonthlyReports(
  deps: MonthlyMailDeps & { leaseTtlMs?: number; holder?: string; clock?: JobClock; everyMs?: number; after?: Promise<unknown> },
) {
  const job = startLeaderJob({
    db: deps.db,
    name: MONTHLY_REPORT_JOB,
    everyMs: deps.everyMs ?? HOUR_MS,
    alignOffsetMs: 5 * 60_000,
    ttlMs: deps.leaseTtlMs,
    holder: deps.holder,
    clock: deps.clock,
    after: deps.after,
    log: deps.log,
    work: async (now) => {
      await sendMonthlyReports(deps, now);
    },
  });
  return { stop: (options?: { release?: boolean }) => job.stop(options), settled: () => job.settled() };
}
