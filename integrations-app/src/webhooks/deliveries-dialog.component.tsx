// A webhook's delivery log: each event, its state, attempts, the receiver's answer and when; any
// delivery can be sent again.
import { useState } from 'react';
import { Button, Dialog, DialogBody, HTMLTable, NonIdealState, Pre, Spinner, Tag, type Intent } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { apiErrorText, showToast } from '@helio/shared-utils';
import type { DeliveryView, WebhookView } from '@helio/contracts';
import { errorText } from '../common/error-text';
import { when } from '../common/when';
import { useDeliveries, useRedeliver } from './webhooks.resource';

const STATUS_INTENT: Record<DeliveryView['status'], Intent> = { pending: 'warning', succeeded: 'success', failed: 'danger' };

export function DeliveriesDialog({ webhook, onClose }: { webhook: WebhookView; onClose: () => void }) {
  const { t } = useTranslation('integrations-app');
  const deliveries = useDeliveries(webhook.id);
  const redeliver = useRedeliver();
  const [shown, setShown] = useState<string | null>(null);

  return (
    <Dialog
      isOpen
      title={t('webhooks.logTitle', { url: webhook.url })}
      icon="history"
      onClose={onClose}
      style={{ width: 900, maxWidth: '95vw' }}
    >
      <DialogBody>
        {deliveries.isPending && <Spinner size={24} />}
        {deliveries.isError && <NonIdealState icon="error" title={t('common.loadFailed')} description={apiErrorText(deliveries.error)} />}
        {deliveries.data?.deliveries.length === 0 && <NonIdealState icon="inbox" title={t('webhooks.noDeliveries')} />}
        {deliveries.data && deliveries.data.deliveries.length > 0 && (
          <HTMLTable compact striped className="helio-integrations-table" data-testid="delivery-log">
            <thead>
              <tr>
                <th>{t('webhooks.event')}</th>
                <th>{t('webhooks.status')}</th>
                <th>{t('webhooks.attempts')}</th>
                <th>{t('webhooks.answer')}</th>
                <th>{t('webhooks.time')}</th>
                <th aria-label={t('common.actions')} />
              </tr>
            </thead>
            <tbody>
              {deliveries.data.deliveries.map((d) => (
                <tr key={d.id} data-testid={`delivery-${d.event}`}>
                  <td>
                    <Button
                      variant="minimal"
                      size="small"
                      text={t(`webhooks.eventNames.${d.event}`)}
                      onClick={() => setShown(shown === d.id ? null : d.id)}
                    />
                    {shown === d.id && <Pre className="helio-integrations-payload">{JSON.stringify(JSON.parse(d.payload), null, 2)}</Pre>}
                  </td>
                  <td>
                    <Tag minimal intent={STATUS_INTENT[d.status]} data-testid="delivery-status">
                      {t(`webhooks.statuses.${d.status}`)}
                    </Tag>
                    {d.status === 'pending' && d.nextAttemptAt && (
                      <div className="helio-integrations-muted">{t('webhooks.nextAttempt', { when: when(d.nextAttemptAt) })}</div>
                    )}
                  </td>
                  <td>{d.attempts}</td>
                  <td>{d.responseStatus ?? d.error ?? '—'}</td>
                  <td>{when(d.deliveredAt ?? d.lastAttemptAt ?? d.createdAt)}</td>
                  <td>
                    <Button
                      size="small"
                      icon="refresh"
                      text={t('webhooks.redeliver')}
                      loading={redeliver.isPending && redeliver.variables === d.id}
                      onClick={() =>
                        redeliver.mutate(d.id, {
                          onSuccess: () => showToast({ intent: 'success', message: t('webhooks.redelivered') }),
                          onError: (error) => showToast({ intent: 'danger', message: errorText(t, error) }),
                        })
                      }
                    />
                  </td>
                </tr>
              ))}
            </tbody>
          </HTMLTable>
        )}
      </DialogBody>
    </Dialog>
  );
}
