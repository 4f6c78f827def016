// The tenant's webhooks: where each sends which events, its newest delivery, on/off, the delivery
// log and delete.
import { apiErrorText } from '@helio/shared-utils';
import { useState } from 'react';
import { Alert, Button, Card, H2, HTMLTable, NonIdealState, Spinner, Switch, Tag } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import type { WebhookView } from '@helio/contracts';
import { when } from '../common/when';
import { DeliveriesDialog } from './deliveries-dialog.component';
import { NewWebhookDialog } from './new-webhook-dialog.component';
import { useDeleteWebhook, useUpdateWebhook, useWebhooks } from './webhooks.resource';

export function Webhooks() {
  const { t } = useTranslation('integrations-app');
  const hooks = useWebhooks();
  const update = useUpdateWebhook();
  const remove = useDeleteWebhook();
  const [creating, setCreating] = useState(false);
  const [log, setLog] = useState<WebhookView | null>(null);
  const [deleting, setDeleting] = useState<WebhookView | null>(null);

  return (
    <Card className="helio-integrations-card" aria-labelledby="webhooks-title">
      <div className="helio-integrations-card-head">
        <H2 id="webhooks-title">{t('webhooks.title')}</H2>
        <Button icon="plus" intent="primary" text={t('webhooks.new')} onClick={() => setCreating(true)} data-testid="webhook-new" />
      </div>
      <p className="helio-integrations-hint">{t('webhooks.hint')}</p>
      {hooks.isPending && <Spinner size={24} />}
      {hooks.isError && <NonIdealState icon="error" title={t('common.loadFailed')} description={apiErrorText(hooks.error)} />}
      {hooks.data?.webhooks.length === 0 && <NonIdealState icon="send-message" title={t('webhooks.none')} />}
      {hooks.data && hooks.data.webhooks.length > 0 && (
        <HTMLTable compact striped className="helio-integrations-table" data-testid="webhook-table">
          <thead>
            <tr>
              <th>{t('webhooks.url')}</th>
              <th>{t('webhooks.events')}</th>
              <th>{t('webhooks.lastDelivery')}</th>
              <th>{t('webhooks.enabled')}</th>
              <th aria-label={t('common.actions')} />
            </tr>
          </thead>
          <tbody>
            {hooks.data.webhooks.map((hook) => (
              <tr key={hook.id} data-testid="webhook-row">
                <td>
                  <code>{hook.url}</code>
                </td>
                <td>
                  {hook.events.map((e) => (
                    <Tag key={e} minimal className="helio-integrations-tag">
                      {t(`webhooks.eventNames.${e}`)}
                    </Tag>
                  ))}
                </td>
                <td>{hook.lastDelivery ? `${t(`webhooks.statuses.${hook.lastDelivery.status}`)} · ${when(hook.lastDelivery.at)}` : '—'}</td>
                <td>
                  <Switch
                    checked={hook.enabled}
                    aria-label={t('webhooks.enabledFor', { url: hook.url })}
                    onChange={(e) => update.mutate({ id: hook.id, enabled: e.currentTarget.checked })}
                  />
                </td>
                <td>
                  <Button size="small" icon="history" text={t('webhooks.log')} onClick={() => setLog(hook)} data-testid="webhook-log" />
                  <Button
                    size="small"
                    variant="minimal"
                    intent="danger"
                    icon="trash"
                    aria-label={t('webhooks.delete')}
                    onClick={() => setDeleting(hook)}
                  />
                </td>
              </tr>
            ))}
          </tbody>
        </HTMLTable>
      )}
      {creating && <NewWebhookDialog onClose={() => setCreating(false)} />}
      {log && <DeliveriesDialog webhook={log} onClose={() => setLog(null)} />}
      <Alert
        isOpen={deleting !== null}
        intent="danger"
        icon="trash"
        cancelButtonText={t('common.cancel')}
        confirmButtonText={t('webhooks.delete')}
        loading={remove.isPending}
        onCancel={() => setDeleting(null)}
        onConfirm={() => deleting && remove.mutate(deleting.id, { onSuccess: () => setDeleting(null) })}
      >
        <p>{t('webhooks.deleteQuestion', { url: deleting?.url ?? '' })}</p>
      </Alert>
    </Card>
  );
}
