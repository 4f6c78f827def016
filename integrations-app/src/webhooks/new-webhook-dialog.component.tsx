// The new-webhook dialog: the receiver's URL and the events it wants; once made, its signing secret
// is shown this one time with how to check a delivery's signature.
import { useState } from 'react';
import { Button, Callout, Checkbox, Dialog, DialogBody, DialogFooter, FormGroup, InputGroup } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { apiErrorText } from '@helio/shared-utils';
import { WEBHOOK_EVENTS, WEBHOOK_URL_MAX, type WebhookEvent } from '@helio/contracts/limits';
import { SecretOnce } from '../common/secret-once.component';
import { SignatureHelp } from './signature-help.component';
import { useCreateWebhook } from './webhooks.resource';

export function NewWebhookDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation('integrations-app');
  const create = useCreateWebhook();
  const [url, setUrl] = useState('');
  const [events, setEvents] = useState<WebhookEvent[]>(['alert.opened', 'alert.cleared']);
  const [problem, setProblem] = useState<string | null>(null);
  const toggle = (event: WebhookEvent) => setEvents((list) => (list.includes(event) ? list.filter((e) => e !== event) : [...list, event]));

  const submit = () => {
    if (!/^https?:\/\/\S+$/.test(url.trim())) return setProblem(t('webhooks.problems.url'));
    if (events.length === 0) return setProblem(t('webhooks.problems.events'));
    setProblem(null);
    create.mutate({ url: url.trim(), events });
  };

  return (
    <Dialog isOpen title={t('webhooks.newTitle')} icon="send-message" onClose={onClose} canOutsideClickClose={false} style={{ width: 600 }}>
      <DialogBody>
        {create.data ? (
          <>
            <SecretOnce label={t('webhooks.secret')} secret={create.data.secret} testId="webhook-secret" />
            <SignatureHelp />
          </>
        ) : (
          <>
            <FormGroup label={t('webhooks.url')} labelFor="webhook-url" helperText={t('webhooks.urlHint')}>
              <InputGroup
                id="webhook-url"
                value={url}
                maxLength={WEBHOOK_URL_MAX}
                placeholder="https://example.com/helio"
                onValueChange={setUrl}
                data-testid="webhook-url"
              />
            </FormGroup>
            <FormGroup label={t('webhooks.events')}>
              {WEBHOOK_EVENTS.map((event) => (
                <Checkbox
                  key={event}
                  label={t(`webhooks.eventNames.${event}`)}
                  checked={events.includes(event)}
                  onChange={() => toggle(event)}
                  data-testid={`webhook-event-${event}`}
                />
              ))}
            </FormGroup>
            {problem && <Callout intent="danger">{problem}</Callout>}
            {create.isError && (
              <Callout intent="danger" data-testid="webhook-error">
                {apiErrorText(create.error)}
              </Callout>
            )}
          </>
        )}
      </DialogBody>
      <DialogFooter
        actions={
          create.data ? (
            <Button intent="primary" text={t('common.done')} onClick={onClose} data-testid="webhook-done" />
          ) : (
            <>
              <Button text={t('common.cancel')} onClick={onClose} />
              <Button
                intent="primary"
                text={t('webhooks.create')}
                loading={create.isPending}
                onClick={submit}
                data-testid="webhook-create"
              />
            </>
          )
        }
      />
    </Dialog>
  );
}
