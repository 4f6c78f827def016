// One plant's gateway: its MQTT login and broker, whether it is online, its last message, how many
// messages a minute arrive and how many the server dropped; a new password for an owner.
import { useState, type ReactNode } from 'react';
import { Alert, Button, Callout, Card, Dialog, DialogBody, DialogFooter, H3, HTMLTable, Tag } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { apiErrorText, formatNumber, showToast, type GatewayLogin } from '@helio/shared-utils';
import type { PlantSources } from '@helio/contracts';
import { SecretOnce } from '../common/secret-once.component';
import { when } from '../common/when';
import { useRotateGatewayPassword } from './sources.resource';

export function GatewayCard({ plant }: { plant: PlantSources }) {
  const { t } = useTranslation('integrations-app');
  const rotate = useRotateGatewayPassword();
  const [asking, setAsking] = useState(false);
  const [issued, setIssued] = useState<GatewayLogin | null>(null);
  const g = plant.gateway;
  const rows: Array<[string, ReactNode]> = [
    [t('sources.login'), <code key="login">{g.username}</code>],
    [t('sources.broker'), <code key="broker">{g.brokerUrl || '—'}</code>],
    [
      t('sources.status'),
      <Tag key="status" minimal intent={g.status === 'online' ? 'success' : 'danger'}>
        {t(`sources.statuses.${g.status}`)}
      </Tag>,
    ],
    [t('sources.lastMessage'), when(g.lastMessageAt)],
    [t('sources.perMinute'), formatNumber(g.messagesPerMinute, { maximumFractionDigits: 1 })],
    [t('sources.dropped'), formatNumber(g.droppedMessages)],
  ];
  return (
    <Card className="helio-source-card" data-testid={`gateway-${plant.thingName}`}>
      <H3>{plant.name}</H3>
      <HTMLTable compact className="helio-source-facts">
        <tbody>
          {rows.map(([label, value]) => (
            <tr key={label}>
              <th scope="row">{label}</th>
              <td>{value}</td>
            </tr>
          ))}
        </tbody>
      </HTMLTable>
      {plant.canRotate && (
        <Button icon="key" text={t('sources.newPassword')} onClick={() => setAsking(true)} data-testid="gateway-rotate" />
      )}
      <Alert
        isOpen={asking}
        icon="key"
        intent="warning"
        cancelButtonText={t('common.cancel')}
        confirmButtonText={t('sources.newPassword')}
        loading={rotate.isPending}
        onCancel={() => setAsking(false)}
        onConfirm={() =>
          rotate.mutate(plant.id, {
            onSuccess: (login) => {
              setAsking(false);
              setIssued(login);
              showToast({ intent: 'success', icon: 'key', message: t('sources.rotated') });
            },
          })
        }
      >
        <p>{t('sources.rotateQuestion', { name: plant.name })}</p>
        {rotate.isError && <Callout intent="danger">{apiErrorText(rotate.error)}</Callout>}
      </Alert>
      {issued && (
        <Dialog isOpen title={t('sources.newPassword')} icon="key" onClose={() => setIssued(null)} canOutsideClickClose={false}>
          <DialogBody>
            <p>
              {t('sources.login')}: <code>{issued.username}</code>
            </p>
            <SecretOnce label={t('sources.password')} secret={issued.password} testId="gateway-password" />
          </DialogBody>
          <DialogFooter actions={<Button intent="primary" text={t('common.done')} onClick={() => setIssued(null)} />} />
        </Dialog>
      )}
    </Card>
  );
}
