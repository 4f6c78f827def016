// What a push message says: the plant and the alert in the recipient's language (the same words as
// the alert mail), and the page the notification opens (the service worker's notificationclick).
import type { AlertDetails, AlertKind, Severity } from '@helio/contracts';
import type { Locale } from '../db/schema';
import { alertTitle, detailLine } from '../notifications/alert-mail';

export interface PushMessage {
  title: string;
  body: string;
  /** A path of the console the notification opens. */
  url: string;
  /** Notifications with one tag replace each other on the device (one per alert). */
  tag: string;
}

export interface AlertPushFacts {
  alertId: string;
  plantId: string;
  plantName: string;
  kind: AlertKind;
  severity: Severity;
  details: AlertDetails;
  startedAt: Date;
  timeZone: string;
}

/** The notification centre showing the plant's open alerts: where the alert is read and marked. */
export const alertPagePath = (plantId: string): string => `/notifications?plant=${encodeURIComponent(plantId)}&state=open`;

export function renderAlertPush(facts: AlertPushFacts, language: Locale): PushMessage {
  const body = detailLine({ ...facts, consoleUrl: '' }, language);
  return {
    title: `${facts.plantName}: ${alertTitle(facts.kind, language)}`,
    body,
    url: alertPagePath(facts.plantId),
    tag: `alert-${facts.alertId}`,
  };
}

const TEST: Record<Locale, Omit<PushMessage, 'url' | 'tag'>> = {
  cs: { title: 'Helio EMS: zkušební upozornění', body: 'Upozornění na toto zařízení dorazí.' },
  en: { title: 'Helio EMS: test notification', body: 'Alerts will reach this device.' },
};

export function renderTestPush(language: Locale, subscriptionId: string): PushMessage {
  return { ...TEST[language], url: '/my-account/notifications', tag: `test-${subscriptionId}` };
}
