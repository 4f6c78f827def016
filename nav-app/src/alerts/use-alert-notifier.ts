// Raises one toast per alert that opened since the nav loaded, naming the plant and the kind, with a
// link to the notification centre, and keeps the unread count for the rail badge. The tab's live
// stream brings the news at once (an alert opened or ended, read marks changed in another tab, or news
// lost while the stream was down): the toast comes from the event, and the count and the latest open
// alerts are read again. The 30 s poll stays as the fallback.
import { useCallback, useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { hasPermission, showToast, useCurrentUser, useLiveAlerts, useRereadOnAlertNews, type LiveAlert } from '@helio/shared-utils';
import { followLink } from '../navbar/link';
import type { OpenAlert } from './alerts-api';
import { LATEST_OPEN_KEY, UNREAD_COUNT_KEY, useLatestOpenAlerts, useUnreadCount } from './alerts.resource';
import { alertOpened, detectNewAlerts, INITIAL_WATCH, type AlertWatch } from './new-alerts';

export const NOTIFICATION_CENTRE_PATH = '/notifications';
const NAV_ALERT_KEYS = [UNREAD_COUNT_KEY, LATEST_OPEN_KEY];

export function useAlertNotifier(): { unreadCount: number | undefined } {
  const { t } = useTranslation('nav-app');
  const { data: user } = useCurrentUser();
  const enabled = !!user?.modules.includes('notifications');
  const unread = useUnreadCount(enabled);
  const latest = useLatestOpenAlerts(enabled);
  // One baseline per signed-in user: another user's alerts are not news to this one.
  const watch = useRef<{ sub: string | undefined; state: AlertWatch }>({ sub: undefined, state: INITIAL_WATCH });

  const sub = user?.sub;
  const announce = useCallback(
    (find: (state: AlertWatch) => { watch: AlertWatch; fresh: Array<OpenAlert | LiveAlert> }) => {
      if (watch.current.sub !== sub) watch.current = { sub, state: INITIAL_WATCH };
      const { watch: next, fresh } = find(watch.current.state);
      watch.current.state = next;
      for (const alert of fresh) showToast(alertToast(alert, t));
    },
    [sub, t],
  );

  useEffect(() => {
    const alerts = latest.data;
    if (enabled && alerts) announce((state) => detectNewAlerts(state, alerts));
  }, [enabled, latest.data, announce]);

  const hearsNews = enabled && hasPermission(user, 'notifications:read');
  useLiveAlerts((event) => {
    if (event.change === 'opened') announce((state) => alertOpened(state, event.alert));
  }, hearsNews);
  useRereadOnAlertNews(NAV_ALERT_KEYS, hearsNews);

  return { unreadCount: enabled ? unread.data : undefined };
}

type Translate = ReturnType<typeof useTranslation<'nav-app'>>['t'];

function alertToast(alert: Pick<OpenAlert, 'kind' | 'severity' | 'plantName'>, t: Translate) {
  const kind = t(`alerts.kinds.${alert.kind}`, { defaultValue: t('alerts.kinds.other') });
  return {
    intent: alert.severity === 'critical' ? ('danger' as const) : ('warning' as const),
    icon: 'notifications' as const,
    message: t('alerts.toast', { plant: alert.plantName, kind }),
    action: { text: t('alerts.open'), href: NOTIFICATION_CENTRE_PATH, onClick: followLink(NOTIFICATION_CENTRE_PATH) },
  };
}
