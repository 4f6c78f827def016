// API keys of the tenant: what each may do and reach, when it was last used, and revoke (at once).
import { useState } from 'react';
import { Alert, Button, Card, H2, HTMLTable, NonIdealState, Spinner, Tag, Tooltip } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { apiErrorText, usePlants } from '@helio/shared-utils';
import type { ApiKeyView } from '@helio/contracts';
import { when } from '../common/when';
import { useApiKeys, useRevokeApiKey } from './api-keys.resource';
import { NewKeyDialog } from './new-key-dialog.component';

function KeyState({ apiKey }: { apiKey: ApiKeyView }) {
  const { t } = useTranslation('integrations-app');
  if (apiKey.revokedAt)
    return (
      <Tag intent="danger" minimal>
        {t('keys.revoked')}
      </Tag>
    );
  if (apiKey.expiresAt && Date.parse(apiKey.expiresAt) <= Date.now()) return <Tag minimal>{t('keys.expired')}</Tag>;
  if (apiKey.suspended)
    return (
      <Tooltip content={t('keys.suspendedHint')}>
        <Tag intent="warning" minimal data-testid="api-key-suspended" title={t('keys.suspendedHint')}>
          {t('keys.suspended')}
        </Tag>
      </Tooltip>
    );
  return (
    <Tag intent="success" minimal>
      {t('keys.active')}
    </Tag>
  );
}

export function ApiKeys() {
  const { t } = useTranslation('integrations-app');
  const keys = useApiKeys();
  const revoke = useRevokeApiKey();
  const plantNames = new Map((usePlants().data ?? []).map((p) => [p.id, p.name]));
  const [creating, setCreating] = useState(false);
  const [revoking, setRevoking] = useState<ApiKeyView | null>(null);

  return (
    <Card className="helio-integrations-card" aria-labelledby="api-keys-title">
      <div className="helio-integrations-card-head">
        <H2 id="api-keys-title">{t('keys.title')}</H2>
        <Button icon="plus" intent="primary" text={t('keys.new')} onClick={() => setCreating(true)} data-testid="api-key-new" />
      </div>
      <p className="helio-integrations-hint">{t('keys.hint')}</p>
      {keys.isPending && <Spinner size={24} />}
      {keys.isError && <NonIdealState icon="error" title={t('common.loadFailed')} description={apiErrorText(keys.error)} />}
      {keys.data && keys.data.keys.length === 0 && <NonIdealState icon="key" title={t('keys.none')} />}
      {keys.data && keys.data.keys.length > 0 && (
        <HTMLTable compact striped className="helio-integrations-table" data-testid="api-key-table">
          <thead>
            <tr>
              <th>{t('keys.name')}</th>
              <th>{t('keys.scope')}</th>
              <th>{t('keys.plants')}</th>
              <th>{t('keys.lastUsed')}</th>
              <th>{t('keys.expires')}</th>
              <th>{t('keys.state')}</th>
              <th aria-label={t('common.actions')} />
            </tr>
          </thead>
          <tbody>
            {keys.data.keys.map((key) => (
              <tr key={key.id} data-testid={`api-key-${key.name}`}>
                <td>
                  {key.name}
                  <div className="helio-integrations-muted">
                    <code>{key.hint}</code>
                  </div>
                </td>
                <td>{t(`keys.scopes.${key.scope}`)}</td>
                <td>{key.plantIds === null ? t('keys.allPlants') : key.plantIds.map((id) => plantNames.get(id) ?? id).join(', ')}</td>
                <td>{when(key.lastUsedAt)}</td>
                <td>{key.expiresAt ? when(key.expiresAt) : t('keys.never')}</td>
                <td>
                  <KeyState apiKey={key} />
                </td>
                <td>
                  {!key.revokedAt && (
                    <Button
                      size="small"
                      intent="danger"
                      variant="minimal"
                      text={t('keys.revoke')}
                      onClick={() => setRevoking(key)}
                      data-testid={`api-key-revoke-${key.name}`}
                    />
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </HTMLTable>
      )}
      {creating && <NewKeyDialog onClose={() => setCreating(false)} />}
      <Alert
        isOpen={revoking !== null}
        intent="danger"
        icon="trash"
        cancelButtonText={t('common.cancel')}
        confirmButtonText={t('keys.revoke')}
        loading={revoke.isPending}
        onCancel={() => setRevoking(null)}
        onConfirm={() => revoking && revoke.mutate(revoking.id, { onSuccess: () => setRevoking(null) })}
      >
        <p>{t('keys.revokeQuestion', { name: revoking?.name ?? '' })}</p>
      </Alert>
    </Card>
  );
}
