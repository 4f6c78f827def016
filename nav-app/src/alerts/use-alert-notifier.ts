// Watches the latest open alerts and raises one toast per alert that opened since the nav loaded,
// naming the plant and the kind, with a link to the notification centre. Returns the unread count.
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { showToast, useCurrentUser } from '@helio/shared-utils';
import { followLink } from '../navbar/link';
import type { OpenAlert } from './alerts-api';
import { useLatestOpenAlerts, useUnreadCount } from './alerts.resource';
import { detectNewAlerts, INITIAL_WATCH, type AlertWatch } from './new-alerts';

export const NOTIFICATION_CENTRE_PATH = '/notifications';

export function useAlertNotifier(): { unreadCount: number | undefined } {
  const { t } = useTranslation('nav-app');
  const { data: user } = useCurrentUser();
  const enabled = !!user?.modules.includes('notifications');
  const unread = useUnreadCount(enabled);
  const latest = useLatestOpenAlerts(enabled);
  // One baseline per signed-in user: another user's alerts are not news to this one.
  const watch = useRef<{ sub: string | undefined; state: AlertWatch }>({ sub: undefined, state: INITIAL_WATCH });

  useEffect(() => {
    if (!enabled || !latest.data) return;
    if (watch.current.sub !== user?.sub) watch.current = { sub: user?.sub, state: INITIAL_WATCH };
    const { watch: next, fresh } = detectNewAlerts(watch.current.state, latest.data);
    watch.current.state = next;
    for (const alert of fresh) showToast(alertToast(alert, t));
  }, [enabled, latest.data, user?.sub, t]);

  return { unreadCount: enabled ? unread.data : undefined };
}

type Translate = ReturnType<typeof useTranslation<'nav-app'>>['t'];

function alertToast(alert: OpenAlert, t: Translate) {
  const kind = t(`alerts.kinds.${alert.kind}`, { defaultValue: t('alerts.kinds.other') });
  return {
    intent: alert.severity === 'critical' ? ('danger' as const) : ('warning' as const),
    icon: 'notifications' as const,
    message: t('alerts.toast', { plant: alert.plantName, kind }),
    action: { text: t('alerts.open'), href: NOTIFICATION_CENTRE_PATH, onClick: followLink(NOTIFICATION_CENTRE_PATH) },
  };
}
