// The new-key dialog: name, scope, all plants or chosen ones, optional expiry; once made, the key is
// shown this one time.
import { useState } from 'react';
import {
  Button,
  Callout,
  Checkbox,
  Dialog,
  DialogBody,
  DialogFooter,
  FormGroup,
  InputGroup,
  Radio,
  RadioGroup,
  Switch,
} from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { hasPermission, useCurrentUser, usePlants } from '@helio/shared-utils';
import { API_KEY_NAME_MAX, type ApiKeyScope } from '@helio/contracts/limits';
import { errorText } from '../common/error-text';
import { SecretOnce } from '../common/secret-once.component';
import { useCreateApiKey } from './api-keys.resource';
import { checkKeyDraft, EMPTY_KEY_DRAFT, type KeyCheck, type KeyDraft } from './key-form';

export function NewKeyDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation('integrations-app');
  const plants = usePlants().data ?? [];
  const create = useCreateApiKey();
  // A key never does more than its maker: control only for those who may control devices.
  const mayControl = hasPermission(useCurrentUser().data, 'devices:control');
  const [draft, setDraft] = useState<KeyDraft>(EMPTY_KEY_DRAFT);
  const [problem, setProblem] = useState<Extract<KeyCheck, { ok: false }> | null>(null);
  const set = (change: Partial<KeyDraft>) => setDraft((d) => ({ ...d, ...change }));
  const errorOf = (field: 'name' | 'plants' | 'expires') => (problem?.field === field ? t(`keys.problems.${problem.problem}`) : undefined);

  const submit = () => {
    const checked = checkKeyDraft(draft);
    if (!checked.ok) return setProblem(checked);
    setProblem(null);
    create.mutate(checked.request);
  };
  const togglePlant = (id: string) =>
    set({ plantIds: draft.plantIds.includes(id) ? draft.plantIds.filter((p) => p !== id) : [...draft.plantIds, id] });

  return (
    <Dialog isOpen title={t('keys.newTitle')} icon="key" onClose={onClose} canOutsideClickClose={false} style={{ width: 560 }}>
      <DialogBody>
        {create.data ? (
          <SecretOnce label={t('keys.theKey', { name: create.data.key.name })} secret={create.data.secret} testId="api-key-secret" />
        ) : (
          <>
            <FormGroup
              label={t('keys.name')}
              labelFor="api-key-name"
              intent={errorOf('name') ? 'danger' : 'none'}
              helperText={errorOf('name')}
            >
              <InputGroup
                id="api-key-name"
                value={draft.name}
                maxLength={API_KEY_NAME_MAX}
                onValueChange={(name) => set({ name })}
                data-testid="api-key-name"
              />
            </FormGroup>
            <RadioGroup
              label={t('keys.scope')}
              selectedValue={draft.scope}
              onChange={(e) => set({ scope: e.currentTarget.value as ApiKeyScope })}
            >
              <Radio value="read" label={t('keys.scopes.read')} data-testid="api-key-scope-read" />
              <Radio
                value="control"
                label={mayControl ? t('keys.scopes.control') : `${t('keys.scopes.control')} (${t('keys.controlNeedsPermission')})`}
                disabled={!mayControl}
                data-testid="api-key-scope-control"
              />
            </RadioGroup>
            <FormGroup
              label={t('keys.plants')}
              intent={errorOf('plants') ? 'danger' : 'none'}
              helperText={errorOf('plants') ?? (draft.allPlants ? t('keys.allPlantsHint') : undefined)}
            >
              <Switch
                checked={draft.allPlants}
                label={t('keys.allPlants')}
                onChange={(e) => set({ allPlants: e.currentTarget.checked })}
                data-testid="api-key-all-plants"
              />
              {!draft.allPlants &&
                plants.map((plant) => (
                  <Checkbox
                    key={plant.id}
                    label={plant.name}
                    checked={draft.plantIds.includes(plant.id)}
                    onChange={() => togglePlant(plant.id)}
                  />
                ))}
            </FormGroup>
            <FormGroup
              label={t('keys.expires')}
              labelFor="api-key-expires"
              helperText={errorOf('expires') ?? t('keys.expiresHint')}
              intent={errorOf('expires') ? 'danger' : 'none'}
            >
              <InputGroup id="api-key-expires" type="date" value={draft.expires} onValueChange={(expires) => set({ expires })} />
            </FormGroup>
            {create.isError && (
              <Callout intent="danger" data-testid="api-key-error">
                {errorText(t, create.error)}
              </Callout>
            )}
          </>
        )}
      </DialogBody>
      <DialogFooter
        actions={
          create.data ? (
            <Button intent="primary" text={t('common.done')} onClick={onClose} data-testid="api-key-done" />
          ) : (
            <>
              <Button text={t('common.cancel')} onClick={onClose} />
              <Button intent="primary" text={t('keys.create')} loading={create.isPending} onClick={submit} data-testid="api-key-create" />
            </>
          )
        }
      />
    </Dialog>
  );
}
