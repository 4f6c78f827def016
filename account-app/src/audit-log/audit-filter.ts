// The audit log's filters: a kind of event and a range of local days, turned into the server's query
// (actions, from inclusive, to exclusive), and a short text for an event's details.
import type { AuditQuery } from '@helio/shared-utils';

export const AUDIT_CATEGORIES = {
  signIns: ['auth.sign_in', 'auth.new_password_set'],
  failedSignIns: ['auth.sign_in_failed'],
  passwordsAndSessions: ['auth.password_changed', 'auth.password_reset_requested', 'auth.password_reset', 'auth.session_revoked'],
  profiles: ['users.profile_updated'],
  iam: [
    'iam.user_invited',
    'iam.user_updated',
    'iam.user_disabled',
    'iam.user_enabled',
    'iam.user_deleted',
    'iam.role_created',
    'iam.role_updated',
    'iam.role_deleted',
  ],
  plants: [
    'plants.created',
    'plants.updated',
    'devices.gateway_password_rotated',
    'plants.access_granted',
    'plants.access_role_changed',
    'plants.access_revoked',
    'plants.device_added',
    'plants.device_updated',
    'plants.device_removed',
    'plants.charger_added',
    'plants.charger_removed',
    'plants.charger_password_rotated',
    'plants.id_tag_added',
    'plants.id_tag_blocked',
    'plants.id_tag_unblocked',
    'plants.id_tag_removed',
    'plants.charger_free_charging',
    'plants.vehicle_added',
    'plants.vehicle_changed',
    'plants.vehicle_removed',
    'tags.created',
    'tags.updated',
    'tags.deleted',
    'tags.assigned',
    'devices.control_sent',
    'devices.schedule_created',
    'devices.schedule_deleted',
    'devices.fleet_command',
  ],
  integrations: [
    'integrations.key_created',
    'integrations.key_revoked',
    'integrations.webhook_created',
    'integrations.webhook_updated',
    'integrations.webhook_deleted',
    'integrations.webhook_redelivered',
    'integrations.spot_uploaded',
    'integrations.spot_cleared',
    'integrations.history_imported',
  ],
  releases: ['releases.registered', 'releases.canary_set', 'releases.promoted', 'releases.rolled_back', 'releases.auto_rolled_back'],
  server: ['series.retention_set'],
} as const;

export type AuditCategory = keyof typeof AUDIT_CATEGORIES;
export const AUDIT_CATEGORY_KEYS = Object.keys(AUDIT_CATEGORIES) as AuditCategory[];

export interface AuditFilter {
  category: AuditCategory | 'all';
  /** yyyy-mm-dd, a local day, or '' */
  from: string;
  /** yyyy-mm-dd, a local day (included), or '' */
  to: string;
}

export const NO_AUDIT_FILTER: AuditFilter = { category: 'all', from: '', to: '' };
export const AUDIT_PAGE_SIZE = 50;

const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

/** The local midnight that starts a yyyy-mm-dd day, `offsetDays` later. */
function localMidnight(day: string, offsetDays = 0): Date | null {
  const match = DAY.exec(day);
  if (!match) return null;
  const date = new Date(Number(match[1]), Number(match[2]) - 1, Number(match[3]) + offsetDays);
  return Number.isNaN(date.getTime()) ? null : date;
}

export function rangeIsValid(filter: AuditFilter): boolean {
  const from = localMidnight(filter.from);
  const to = localMidnight(filter.to);
  return !from || !to || from.getTime() <= to.getTime();
}

export function auditQueryOf(filter: AuditFilter, cursor?: string): AuditQuery {
  const from = localMidnight(filter.from);
  const to = localMidnight(filter.to, 1); // the whole "to" day is included
  return {
    ...(filter.category === 'all' ? {} : { actions: [...AUDIT_CATEGORIES[filter.category]] }),
    ...(from ? { from: from.toISOString() } : {}),
    ...(to ? { to: to.toISOString() } : {}),
    limit: AUDIT_PAGE_SIZE,
    ...(cursor ? { cursor } : {}),
  };
}

type Translate = (key: string, options?: Record<string, unknown>) => string;

/** A detail's value in words: ids counted, modules and webhook events by their names, flags as yes/no. */
function valueText(t: Translate, key: string, value: unknown): string {
  if (Array.isArray(value)) {
    if (/Ids$/.test(key)) return String(value.length);
    return value.map((item) => valueText(t, key, item)).join(', ') || '—';
  }
  if (value === null || value === undefined || value === '') return '—';
  if (typeof value === 'boolean') return t(value ? 'audit.yes' : 'audit.no');
  if (typeof value === 'object') return JSON.stringify(value);
  const raw = String(value);
  if (key === 'modules' || key === 'module') return t(`common:modules.${raw}`, { defaultValue: raw });
  if (key === 'events') return t(`audit.webhookEvents.${raw}`, { defaultValue: raw });
  return raw;
}

/** A detail's name: labelled in both languages; an unknown one (a newer server) as the server wrote it. */
const keyText = (t: Translate, key: string) => t(`audit.detailKeys.${key}`, { defaultValue: key });

/** "Role: viewer → operator" for changes, "Počet: 2" for plain details; '' when there are none.
 * Session ids are internal references, not something a reader can use. */
export function detailsSummary(t: Translate, details: Record<string, unknown>): string {
  const { before, after, sessionId: _sessionId, ...rest } = details;
  const parts: string[] = [];
  if (before && after && typeof before === 'object' && typeof after === 'object') {
    const b = before as Record<string, unknown>;
    const a = after as Record<string, unknown>;
    for (const key of Object.keys(a)) {
      if (JSON.stringify(b[key]) !== JSON.stringify(a[key]))
        parts.push(`${keyText(t, key)}: ${valueText(t, key, b[key])} → ${valueText(t, key, a[key])}`);
    }
  }
  for (const [key, value] of Object.entries(rest)) parts.push(`${keyText(t, key)}: ${valueText(t, key, value)}`);
  return parts.join('; ');
}

/**
 * Who did it: the user; for a sign-in attempt without one, the account it named; otherwise the console
 * itself (alerts, schedules, automatic rollbacks), which is no "unknown user".
 */
export function actorText(
  t: Translate,
  event: { action: string; actor: { email: string } | null; details: Record<string, unknown> },
): string {
  if (event.actor) return event.actor.email;
  if (event.action.startsWith('auth.')) return typeof event.details.username === 'string' ? event.details.username : t('audit.notSignedIn');
  return t('audit.system');
}

/** The translation key of an action: '.' is i18next's key separator. */
export const actionTextKey = (action: string) => `audit.actions.${action.replace(/\./g, '_')}`;
