// The e-mail about a new alert, in the recipient's language, and who gets it: those who hear of the
// plant's alerts (alert-audience.ts) whose schedule is open at the alert's start on the plant's wall
// clock. Everyone else sees the alert only in the app.
import type { Locale } from '../db/schema';
import type { OutgoingMail } from '../mail/outbox';
import { hearsAlerts, plantAudience } from './alert-audience';
import type { AlertDetails, AlertKind, Severity } from '@helio/contracts';
import { shouldEmail } from './schedule-window';
import { defaultSettings, parseStoredSettings } from './settings';
import type { NotificationsDb } from './notifications-db';

export interface AlertMailFacts {
  kind: AlertKind;
  severity: Severity;
  startedAt: Date;
  details: AlertDetails;
  plantName: string;
  timeZone: string;
  consoleUrl: string;
}

export interface Recipient {
  /** users.id: push messages go to this user's subscribed browsers (push/). */
  userId?: string;
  email: string;
  name: string;
  locale: Locale;
}

/** An alert kind's name in a language (the alert mails' and the monthly report's). */
export const ALERT_TITLE: Record<Locale, Record<AlertKind, string>> = {
  cs: {
    gatewayOffline: 'Brána je offline',
    inverterFault: 'Porucha střídače',
    batteryLow: 'Nízký stav nabití baterie',
    gridOutage: 'Výpadek sítě',
    pvLow: 'Výroba FVE hluboko pod očekáváním',
    chargerFault: 'Porucha nabíječky',
  },
  en: {
    gatewayOffline: 'Gateway offline',
    inverterFault: 'Inverter fault',
    batteryLow: 'Battery state of charge low',
    gridOutage: 'Grid outage',
    pvLow: 'PV production far below expected',
    chargerFault: 'Charger fault',
  },
};

const SEVERITY: Record<Locale, Record<Severity, string>> = {
  cs: { critical: 'kritická', warning: 'varování' },
  en: { critical: 'critical', warning: 'warning' },
};

const LOCALE_TAG: Record<Locale, string> = { cs: 'cs-CZ', en: 'en-US' };

function when(value: Date | number, language: Locale, timeZone: string): string {
  return new Intl.DateTimeFormat(LOCALE_TAG[language], { dateStyle: 'long', timeStyle: 'short', timeZone }).format(value);
}

/** The alert's kind in words (the mail's subject, the push message's title). */
export const alertTitle = (kind: AlertKind, language: Locale): string => ALERT_TITLE[language][kind];

/** The alert's figures in one sentence (the mail's body, the push message's text). */
export function detailLine(facts: AlertMailFacts, language: Locale): string {
  const d = facts.details;
  const n = (value: unknown) => (typeof value === 'number' ? new Intl.NumberFormat(LOCALE_TAG[language]).format(value) : '?');
  const cs = language === 'cs';
  switch (facts.kind) {
    case 'gatewayOffline':
      if (typeof d.lastReportAt !== 'number') return cs ? 'Brána dosud neposlala žádná data.' : 'The gateway has not reported yet.';
      return `${cs ? 'Poslední data od brány' : 'Last report from the gateway'}: ${when(d.lastReportAt, language, facts.timeZone)}`;
    case 'inverterFault': {
      const events = typeof d.events === 'string' && d.events ? ` (SunSpec: ${d.events})` : '';
      return cs
        ? `Střídač hlásí poruchu${typeof d.faultCode === 'number' ? ` (kód ${d.faultCode})` : ''}${events}.`
        : `The inverter reports a fault${typeof d.faultCode === 'number' ? ` (code ${d.faultCode})` : ''}${events}.`;
    }
    case 'batteryLow':
      if (typeof d.floor === 'number' && d.floor === d.threshold)
        return cs
          ? `Stav nabití ${n(d.soc)} % je pod spodní mezí baterie ${n(d.floor)} %, kde má přestat vybíjet.`
          : `State of charge ${n(d.soc)} % is below the battery's floor of ${n(d.floor)} %, where it should stop discharging.`;
      return cs
        ? `Stav nabití ${n(d.soc)} % je pod prahem ${n(d.threshold)} %.`
        : `State of charge ${n(d.soc)} % is below the threshold of ${n(d.threshold)} %.`;
    case 'gridOutage':
      return cs ? 'Brána hlásí ztrátu spojení se sítí.' : 'The gateway reports the grid as lost.';
    case 'pvLow':
      return cs
        ? `Výroba ${n(d.actualW)} W, za jasné oblohy by měla být ${n(d.expectedW)} W (práh ${n(d.threshold)} %).`
        : `Producing ${n(d.actualW)} W where a clear sky would give ${n(d.expectedW)} W (threshold ${n(d.threshold)} %).`;
    case 'chargerFault': {
      const name = typeof d.charger === 'string' ? d.charger : '?';
      const code = typeof d.errorCode === 'string' ? d.errorCode : '?';
      return cs ? `Nabíječka ${name} hlásí poruchu (${code}).` : `The charger ${name} reports a fault (${code}).`;
    }
  }
}

export function renderAlertMail(facts: AlertMailFacts, recipient: Recipient): OutgoingMail {
  const language = recipient.locale;
  const title = ALERT_TITLE[language][facts.kind];
  const cs = language === 'cs';
  const lines = [
    cs ? `Dobrý den, ${recipient.name},` : `Hello ${recipient.name},`,
    '',
    cs ? `elektrárna ${facts.plantName}: ${title}.` : `plant ${facts.plantName}: ${title}.`,
    detailLine(facts, language),
    `${cs ? 'Začátek' : 'Started'}: ${when(facts.startedAt, language, facts.timeZone)}`,
    `${cs ? 'Závažnost' : 'Severity'}: ${SEVERITY[language][facts.severity]}`,
    '',
    cs ? `Všechna upozornění: ${facts.consoleUrl}/notifications` : `All alerts: ${facts.consoleUrl}/notifications`,
    cs
      ? `E-mailem vás upozorňujeme jen v čase, který máte nastavený: ${facts.consoleUrl}/my-account/notifications`
      : `We e-mail you only within the schedule you set: ${facts.consoleUrl}/my-account/notifications`,
    '',
    'Helio EMS',
  ];
  return { to: recipient.email, subject: `Helio EMS: ${title} – ${facts.plantName}`, text: lines.join('\n'), language };
}

/**
 * Who is mailed about an alert of the plant that starts at `startedAt` in `timeZone`: those who hear of
 * its alerts (alert-audience.ts) whose schedule is open then.
 */
export async function alertRecipients(
  db: NotificationsDb,
  plant: { id: string; tenant_id: string },
  startedAt: Date,
  timeZone: string,
): Promise<Recipient[]> {
  const users = await plantAudience(db, plant)
    .leftJoin('notification_settings', 'notification_settings.user_id', 'users.id')
    .select(['users.email', 'users.name', 'users.locale'])
    .select(['notification_settings.period', 'notification_settings.enabled', 'notification_settings.days'])
    .execute();
  return users
    .filter(hearsAlerts)
    .filter((u) => {
      const settings =
        u.period !== null && u.enabled !== null && u.days !== null
          ? parseStoredSettings({ period: u.period, enabled: u.enabled, days: u.days })
          : defaultSettings();
      return shouldEmail(settings, startedAt, timeZone);
    })
    .map((u) => ({ userId: u.id, email: u.email, name: u.name, locale: u.locale }));
}
