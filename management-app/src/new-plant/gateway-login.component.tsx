// A new plant's gateway login, shown this once: the server keeps only hashes, so whoever sets up the
// gateway must copy it now.
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

export function GatewayLoginView({ login, mqttHint }: { login: Login; mqttHint: string }) {
  const { t } = useTranslation('management-app');
  return (
    <div data-testid="gateway-login">
      <Callout intent="warning" icon="warning-sign" title={t('gateway.onceTitle')}>
        {t('gateway.onceText')}
      </Callout>
      <FormGroup label={t('gateway.username')} labelFor="gateway-username" className="helio-management-login-field">
        <InputGroup
          id="gateway-username"
          readOnly
          value={login.username}
          data-testid="gateway-username"
          rightElement={<CopyButton value={login.username} label={t('gateway.username')} />}
        />
      </FormGroup>
      <FormGroup label={t('gateway.password')} labelFor="gateway-password" className="helio-management-login-field">
        <InputGroup
          id="gateway-password"
          readOnly
          value={login.password}
          data-testid="gateway-password"
          className="helio-management-mono"
          rightElement={<CopyButton value={login.password} label={t('gateway.password')} />}
        />
      </FormGroup>
      <p className="helio-management-muted">{mqttHint}</p>
    </div>
  );
}
