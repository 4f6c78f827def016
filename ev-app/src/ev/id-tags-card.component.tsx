// The active plant's id tags (RFID cards) on /ev: which cards may start a session on its OCPP
// chargers (a charger with free charging takes any). The plant's owner adds a card with a name,
// blocks or unblocks it and removes it (asked first); everyone on the plant sees the list. The
// charger answers a card by this list at its next Authorize or StartTransaction.
import React, { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert, Button, Callout, Card, FormGroup, H4, HTMLTable, InputGroup, Tag } from '@blueprintjs/core';
import { ID_TAG_MAX, ID_TAG_NAME_MAX, ID_TAG_PATTERN_SOURCE } from '@helio/contracts/limits';
import type { IdTagView } from '@helio/contracts';
import { apiErrorText, formatDateTime, showToast, useMayCall, type ApiError } from '@helio/shared-utils';
import { useAddIdTag, useBlockIdTag, useIdTags, useRemoveIdTag } from './id-tags.resource';

const ID_TAG_PATTERN = new RegExp(ID_TAG_PATTERN_SOURCE);

/** The card already on the plant gets the form's own sentence; everything else the shared one. */
function addErrorText(t: (key: string) => string, error: ApiError): string {
  const field = (error.details as { field?: string } | undefined)?.field;
  return error.code === 'Conflict' && field === 'idTag' ? t('idTags.taken') : apiErrorText(error);
}

function AddIdTag({ plantId }: { plantId: string }) {
  const { t } = useTranslation('ev-app');
  const add = useAddIdTag(plantId);
  const [idTag, setIdTag] = useState('');
  const [name, setName] = useState('');
  const tag = idTag.trim();
  const badTag = tag !== '' && !ID_TAG_PATTERN.test(tag);
  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    if (tag === '' || badTag || name.trim() === '') return;
    add.mutate(
      { idTag: tag, name: name.trim() },
      {
        onSuccess: (added) => {
          setIdTag('');
          setName('');
          showToast({ intent: 'success', message: t('idTags.added', { name: added.name }) });
        },
      },
    );
  };
  return (
    <form className="helio-ev__settings" onSubmit={submit} aria-label={t('idTags.addTitle')} data-testid="id-tag-form">
      <FormGroup
        label={t('idTags.idTag')}
        labelFor="id-tag-new"
        intent={badTag ? 'danger' : 'none'}
        helperText={badTag ? t('idTags.badTag', { max: ID_TAG_MAX }) : t('idTags.idTagHint')}
      >
        <InputGroup
          id="id-tag-new"
          value={idTag}
          maxLength={ID_TAG_MAX}
          intent={badTag ? 'danger' : 'none'}
          autoComplete="off"
          onChange={(e) => setIdTag(e.target.value)}
          data-testid="id-tag-new"
        />
      </FormGroup>
      <FormGroup label={t('idTags.name')} labelFor="id-tag-name" helperText={t('idTags.nameHint')}>
        <InputGroup
          id="id-tag-name"
          value={name}
          maxLength={ID_TAG_NAME_MAX}
          autoComplete="off"
          onChange={(e) => setName(e.target.value)}
          data-testid="id-tag-name"
        />
      </FormGroup>
      <FormGroup>
        <Button
          type="submit"
          icon="add"
          text={t('idTags.add')}
          disabled={tag === '' || badTag || name.trim() === ''}
          loading={add.isPending}
          data-testid="id-tag-add"
        />
      </FormGroup>
      {add.isError && (
        <Callout intent="danger" data-testid="id-tag-add-error">
          {addErrorText(t, add.error)}
        </Callout>
      )}
    </form>
  );
}

export function IdTagsCard({ plantId }: { plantId: string }) {
  const { t } = useTranslation('ev-app');
  const list = useIdTags(plantId);
  const block = useBlockIdTag(plantId);
  const remove = useRemoveIdTag(plantId);
  const [removing, setRemoving] = useState<IdTagView | null>(null);
  const mayChange = useMayCall('ev/id-tag/add');
  const canManage = mayChange && list.data?.role === 'owner';
  const failed = (error: ApiError) => showToast({ intent: 'danger', message: apiErrorText(error) });
  const tags = list.data?.idTags ?? [];
  return (
    <Card className="helio-ev__section" data-testid="id-tags">
      <H4>{t('idTags.title')}</H4>
      <p className="helio-ev__note">{t('idTags.description')}</p>
      {list.isError && <Callout intent="danger">{apiErrorText(list.error)}</Callout>}
      {list.data && tags.length === 0 && (
        <p className="helio-ev__note" data-testid="id-tags-empty">
          {t('idTags.empty')}
        </p>
      )}
      {tags.length > 0 && (
        <HTMLTable compact striped className="helio-ev__table">
          <thead>
            <tr>
              <th>{t('idTags.idTag')}</th>
              <th>{t('idTags.name')}</th>
              <th>{t('idTags.state')}</th>
              <th>{t('idTags.addedAt')}</th>
              {canManage && (
                <th>
                  <span className="bp6-text-muted">{t('idTags.actions')}</span>
                </th>
              )}
            </tr>
          </thead>
          <tbody>
            {tags.map((tag) => (
              <tr key={tag.idTag} data-testid="id-tag-row" data-id-tag={tag.idTag} data-blocked={String(tag.blocked)}>
                <td>
                  <code>{tag.idTag}</code>
                </td>
                <td>{tag.name}</td>
                <td>
                  <Tag minimal intent={tag.blocked ? 'danger' : 'success'} data-testid="id-tag-state">
                    {t(tag.blocked ? 'idTags.blocked' : 'idTags.active')}
                  </Tag>
                </td>
                <td>{formatDateTime(Date.parse(tag.createdAt))}</td>
                {canManage && (
                  <td>
                    <Button
                      small
                      minimal
                      icon={tag.blocked ? 'unlock' : 'lock'}
                      text={t(tag.blocked ? 'idTags.unblock' : 'idTags.block')}
                      aria-label={t(tag.blocked ? 'idTags.unblockNamed' : 'idTags.blockNamed', { name: tag.name })}
                      onClick={() => block.mutate({ idTag: tag.idTag, blocked: !tag.blocked }, { onError: failed })}
                      data-testid="id-tag-block"
                    />
                    <Button
                      small
                      minimal
                      intent="danger"
                      icon="trash"
                      text={t('idTags.remove')}
                      aria-label={t('idTags.removeNamed', { name: tag.name })}
                      onClick={() => setRemoving(tag)}
                      data-testid="id-tag-remove"
                    />
                  </td>
                )}
              </tr>
            ))}
          </tbody>
        </HTMLTable>
      )}
      {canManage && <AddIdTag plantId={plantId} />}
      {list.data && !canManage && <p className="helio-ev__note">{t('idTags.ownerOnly')}</p>}
      <Alert
        isOpen={removing !== null}
        icon="trash"
        intent="danger"
        cancelButtonText={t('idTags.cancel')}
        confirmButtonText={t('idTags.remove')}
        loading={remove.isPending}
        onCancel={() => setRemoving(null)}
        onConfirm={() => {
          if (!removing) return;
          remove.mutate({ idTag: removing.idTag }, { onError: failed, onSettled: () => setRemoving(null) });
        }}
      >
        <p data-testid="id-tag-remove-question">
          {t('idTags.removeQuestion', { name: removing?.name ?? '', idTag: removing?.idTag ?? '' })}
        </p>
      </Alert>
    </Card>
  );
}
