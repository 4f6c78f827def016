// The modules a user may open, as a set of checkboxes in the server's catalogue order.
import { Checkbox, FormGroup } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { MODULE_KEYS, type ModuleKey } from '@helio/contracts/limits';
import { toggleModule } from './invite-form';

export function ModuleChecks({ value, onChange }: { value: readonly ModuleKey[]; onChange: (modules: ModuleKey[]) => void }) {
  const { t } = useTranslation('account-app');
  return (
    <FormGroup label={t('users.modules')} helperText={t('users.modulesHint')}>
      <div className="helio-account-checks" data-testid="module-checks">
        {MODULE_KEYS.map((module) => (
          <Checkbox
            key={module}
            label={t(`common:modules.${module}`)}
            checked={value.includes(module)}
            onChange={(event) => onChange(toggleModule(value, module, event.currentTarget.checked, MODULE_KEYS))}
            data-module={module}
          />
        ))}
      </div>
    </FormGroup>
  );
}
