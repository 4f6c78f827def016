// What a plant's gateway needs, shown this once: the thing name the server issued, the MQTT username
// and the password. The server keeps only hashes of the password, so whoever sets up the gateway must
// copy it now; each value has its own copy button.
import { Button, Callout, FormGroup, InputGroup } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { showToast, type GatewayLogin as Login } from '@helio/shared-utils';

function CopyButton({ value, label }: { value: string; label: string }) {
  const { t } = useTranslation('management-app');
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(value);
      showToast({ intent: 'success', icon: 'clipboard', message: t('gateway.copied', { what: label }) });
    } catch {
      showToast({ intent: 'warning', icon: 'clipboard', message: t('gateway.copyFailed') });
    }
  };
  return (
    <Button
      minimal
      icon="duplicate"
      aria-label={t('gateway.copy', { what: label })}
      title={t('gateway.copy', { what: label })}
      onClick={() => void copy()}
    />
  );
}

/** A read-only value with its copy button (the gateway's and an OCPP charger's login). */
export function CopyableField({ id, label, value }: { id: string; label: string; value: string }) {
  return (
    <FormGroup label={label} labelFor={id} className="helio-management-login-field">
      <InputGroup
        id={id}
        readOnly
        value={value}
        data-testid={id}
        className="helio-management-mono"
        rightElement={<CopyButton value={value} label={label} />}
      />
    </FormGroup>
  );
}

export function GatewayLoginView({ thingName, login }: { thingName: string; login: Login }) {
  const { t } = useTranslation('management-app');
  return (
    <div data-testid="gateway-login">
      <Callout intent="warning" icon="warning-sign" title={t('gateway.onceTitle')}>
        {t('gateway.onceText')}
      </Callout>
      <CopyableField id="gateway-thing-name" label={t('gateway.thingName')} value={thingName} />
      <CopyableField id="gateway-username" label={t('gateway.username')} value={login.username} />
      <CopyableField id="gateway-password" label={t('gateway.password')} value={login.password} />
      <p className="helio-management-muted">{t('gateway.hint', { thingName })}</p>
    </div>
  );
}
