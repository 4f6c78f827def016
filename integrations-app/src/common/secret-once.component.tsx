// A secret the server answers once (an API key, a webhook signing secret): shown read-only with a
// copy button and the warning that it cannot be shown again.
import { Button, Callout, FormGroup, InputGroup } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { showToast } from '@helio/shared-utils';

export function SecretOnce({ label, secret, testId }: { label: string; secret: string; testId: string }) {
  const { t } = useTranslation('integrations-app');
  const copy = () =>
    navigator.clipboard?.writeText(secret).then(
      () => showToast({ intent: 'success', icon: 'clipboard', message: t('common.copied') }),
      () => undefined,
    );
  return (
    <Callout intent="warning" icon="key" title={t('common.shownOnce')}>
      <FormGroup label={label} labelFor={`${testId}-input`}>
        <InputGroup
          id={`${testId}-input`}
          readOnly
          value={secret}
          data-testid={testId}
          onFocus={(event) => event.currentTarget.select()}
          rightElement={<Button icon="duplicate" variant="minimal" aria-label={t('common.copy')} onClick={() => void copy()} />}
        />
      </FormGroup>
    </Callout>
  );
}
