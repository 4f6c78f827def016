// The notification centre (/notifications, module `notifications`): the alerts of the organisation's
// plants with filters kept in the URL, marking read, and the per-plant thresholds.
import React from 'react';
import { Button, NonIdealState, Spinner, Tag } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { ErrorPanel, PageHeader, useActivePlant, usePlants, useRereadOnAlertNews } from '@helio/shared-utils';
import { alertFilterOf, choicesFromParams, NO_FILTER, paramsFromChoices } from './alert-filter';
import { AlertFilters } from './alert-filters.component';
import { AlertList } from './alert-list.component';
import { ALERTS_KEY, useAlerts, useMarkRead, useUnreadCount } from './alerts.resource';
import { ThresholdsEditor } from './thresholds-editor.component';
import './notification-centre.css';

function Alerts() {
  const { t } = useTranslation('notifications-app');
  const [params, setParams] = useSearchParams();
  const choices = choicesFromParams(params);
  const { plant } = useActivePlant();
  const plants = usePlants().data ?? [];
  const alerts = useAlerts(alertFilterOf(choices));
  const markRead = useMarkRead();
  const unreadCount = useUnreadCount();
  // alert news (an alert opened or ended, read marks changed elsewhere) shows at once
  useRereadOnAlertNews([ALERTS_KEY]);
  const unread = (alerts.data ?? []).filter((a) => !a.read).map((a) => a.id);
  const markingIds = markRead.isPending ? (markRead.variables ?? []) : [];

  let list: React.ReactNode;
  if (alerts.data && alerts.data.length > 0) {
    list = <AlertList alerts={alerts.data} markingIds={markingIds} onMarkRead={(ids) => markRead.mutate(ids)} />;
  } else if (alerts.data) {
    const filtered = paramsFromChoices(choices).toString() !== '';
    list = (
      <div data-testid="alerts-empty">
        <NonIdealState
          icon={filtered ? 'filter-remove' : 'tick-circle'}
          title={t(filtered ? 'list.noneMatching' : 'list.none')}
          description={t(filtered ? 'list.noneMatchingHint' : 'list.noneHint')}
          action={filtered ? <Button text={t('filters.clear')} onClick={() => setParams(paramsFromChoices(NO_FILTER))} /> : undefined}
        />
      </div>
    );
  } else if (alerts.isError) {
    list = <ErrorPanel title={t('list.loadFailed')} description={t('common.errorDescription')} onRetry={() => alerts.refetch()} />;
  } else {
    list = <Spinner className="helio-centre__spinner" aria-label={t('list.loading')} />;
  }

  return (
    <>
      <PageHeader page="modules.notifications" description={t('centre.description')}>
        {!!unreadCount.data && (
          <Tag intent="primary" round data-testid="unread-count">
            {t('centre.unread', { count: unreadCount.data })}
          </Tag>
        )}
        <Button
          icon="eye-open"
          disabled={unread.length === 0}
          loading={markRead.isPending && markingIds.length > 1}
          text={t('list.markAllRead')}
          onClick={() => markRead.mutate(unread)}
        />
      </PageHeader>
      <AlertFilters plants={plants} choices={choices} onChange={(next) => setParams(paramsFromChoices(next), { replace: true })} />
      <section className="helio-centre__list" aria-label={t('centre.listLabel')}>
        {list}
      </section>
      <ThresholdsEditor plants={plants} initialPlantId={choices.plant || plant?.id} />
    </>
  );
}

/** The page itself; the route wraps it in the `notifications` ModuleGate (root.component.tsx). */
export default function NotificationCentrePage() {
  return (
    <div className="helio-centre">
      <Alerts />
    </div>
  );
}
