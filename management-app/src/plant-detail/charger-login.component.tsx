// What an OCPP charger needs to connect, shown this once: the OCPP URL, its charge point id and its
// password, each with a copy button. The server keeps only the password's hash.
import { Callout } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import type { ChargerLogin } from '@helio/contracts';
import { CopyableField } from '../new-plant/gateway-login.component';

/** The central system URL most chargers ask for: the OCPP URL without the charge point id. */
export const centralSystemUrl = (ocppUrl: string) => ocppUrl.slice(0, ocppUrl.lastIndexOf('/'));

export function ChargerLoginView({ chargePointId, login }: { chargePointId: string; login: ChargerLogin }) {
  const { t } = useTranslation('management-app');
  return (
    <div data-testid="charger-login">
      <Callout intent="warning" icon="warning-sign" title={t('gateway.onceTitle')}>
        {t('chargers.onceText')}
      </Callout>
      <CopyableField id="charger-ocpp-url" label={t('chargers.ocppUrl')} value={login.ocppUrl} />
      <CopyableField id="charger-central-system-url" label={t('chargers.centralSystemUrl')} value={centralSystemUrl(login.ocppUrl)} />
      <CopyableField id="charger-login-id" label={t('chargers.fields.chargePointId')} value={chargePointId} />
      <CopyableField id="charger-password" label={t('gateway.password')} value={login.password} />
      <p className="helio-management-muted">{t('chargers.hint')}</p>
    </div>
  );
}
