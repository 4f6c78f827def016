// "Monthly report by mail" on /my-account/notifications: a switch, and which plants and tags get a
// PDF each (none chosen: one report of every plant the user may see). The mail comes on the 1st of
// each month with last month's report (server/src/reports). Shown to users who may read plant figures.
import React from 'react';
import { Callout, Card, Checkbox, H3, Switch } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { hasPermission, showToast, useCurrentUser, usePlants } from '@helio/shared-utils';
import './report-subscription.css';
import {
  toggled,
  useReportSubscription,
  useSaveReportSubscription,
  useTagList,
  type ReportSubscription,
} from './report-subscription.resource';

const MAX_CHOSEN = 20;

export function ReportSubscriptionCard() {
  const { t } = useTranslation('notifications-app');
  const user = useCurrentUser().data;
  const readsFigures = hasPermission(user, 'metrics:read');
  const subscription = useReportSubscription(readsFigures);
  const save = useSaveReportSubscription();
  const plants = usePlants();
  const tags = useTagList(hasPermission(user, 'plants:read'));
  if (!readsFigures || !subscription.data) return null;
  const current = subscription.data;
  const chosen = current.plantIds.length + current.tagIds.length;

  const change = (next: ReportSubscription) =>
    save.mutate(next, { onError: () => showToast({ intent: 'danger', icon: 'error', message: t('report.saveFailed') }) });

  return (
    <Card className="helio-report-subscription" data-testid="report-subscription">
      <H3>{t('report.title')}</H3>
      <Switch
        large
        checked={current.enabled}
        disabled={save.isPending}
        label={t('report.switch')}
        onChange={(event) => change({ ...current, enabled: event.currentTarget.checked })}
      />
      <p>{t('report.description')}</p>
      {current.enabled && (
        <>
          {chosen === 0 && <Callout intent="primary">{t('report.allPlants')}</Callout>}
          <fieldset className="helio-report-subscription__choices">
            <legend>{t('report.plants')}</legend>
            {(plants.data ?? []).map((plant) => {
              const checked = current.plantIds.includes(plant.id);
              return (
                <Checkbox
                  key={plant.id}
                  label={plant.name}
                  checked={checked}
                  disabled={save.isPending || (!checked && chosen >= MAX_CHOSEN)}
                  onChange={(event) => change({ ...current, plantIds: toggled(current.plantIds, plant.id, event.currentTarget.checked) })}
                />
              );
            })}
          </fieldset>
          {(tags.data ?? []).length > 0 && (
            <fieldset className="helio-report-subscription__choices">
              <legend>{t('report.tags')}</legend>
              {(tags.data ?? []).map((tag) => {
                const checked = current.tagIds.includes(tag.id);
                return (
                  <Checkbox
                    key={tag.id}
                    label={tag.name}
                    checked={checked}
                    disabled={save.isPending || (!checked && chosen >= MAX_CHOSEN)}
                    onChange={(event) => change({ ...current, tagIds: toggled(current.tagIds, tag.id, event.currentTarget.checked) })}
                  />
                );
              })}
            </fieldset>
          )}
        </>
      )}
    </Card>
  );
}
