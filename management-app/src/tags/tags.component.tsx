// /management/tags: the organisation's plant tags with how many plants carry each; create, rename,
// recolour, delete (after a confirmation that says how many plants lose it), and a way to the plants
// that carry a tag, where tags are assigned in bulk.
import { useState } from 'react';
import { Button, Callout, Dialog, DialogBody, DialogFooter, HTMLTable, NonIdealState, Spinner } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { apiErrorText, formatDateTime, PageHeader, showToast, useMayCall, type PlantTag } from '@helio/shared-utils';
import { TagChip } from './tag-chip.component';
import { TagDialog } from './tag-dialog.component';
import { byTagName } from './tag-form';
import { useDeleteTag, useTags } from './tags.resource';

export default function TagsPage() {
  const { t } = useTranslation('management-app');
  const tags = useTags();
  const remove = useDeleteTag();
  const [editing, setEditing] = useState<PlantTag | 'new' | null>(null);
  const [deleting, setDeleting] = useState<PlantTag | null>(null);
  const list = byTagName(tags.data?.tags ?? []);
  // Without plants:write the page only lists (the server would refuse the changes).
  const canWrite = useMayCall('tag/create');

  const confirmDelete = () => {
    if (!deleting) return;
    remove.mutate(
      { id: deleting.id },
      {
        onSuccess: () => {
          showToast({ intent: 'success', icon: 'trash', message: t('tags.deleted', { name: deleting.name }) });
          setDeleting(null);
        },
      },
    );
  };

  return (
    <div className="helio-management-page">
      <PageHeader page="pages.tags" description={t('tags.description')}>
        {canWrite && <Button intent="primary" icon="add" text={t('tags.new')} onClick={() => setEditing('new')} data-testid="new-tag" />}
      </PageHeader>
      {tags.isPending ? (
        <Spinner />
      ) : tags.isError ? (
        <NonIdealState icon="error" title={t('tags.loadFailed')} description={apiErrorText(tags.error)} />
      ) : list.length === 0 ? (
        <NonIdealState icon="tag" title={t('tags.none')} />
      ) : (
        <HTMLTable striped className="helio-management-table" data-testid="tags-table">
          <thead>
            <tr>
              <th>{t('tags.name')}</th>
              <th className="helio-management-number">{t('tags.plants')}</th>
              <th>{t('tags.changed')}</th>
              <th aria-label={t('plants.columns.actions')} />
            </tr>
          </thead>
          <tbody>
            {list.map((tag) => (
              <tr key={tag.id} data-testid="tag-row" data-name={tag.name}>
                <td>
                  <TagChip tag={tag} />
                </td>
                <td className="helio-management-number" data-testid="tag-plant-count">
                  <Link to={`/management/plants?tag=${encodeURIComponent(tag.id)}`}>{t('tags.plantCount', { count: tag.plantCount })}</Link>
                </td>
                <td className="helio-management-muted">{formatDateTime(new Date(tag.updatedAt ?? tag.createdAt))}</td>
                <td className="helio-management-row-actions">
                  {canWrite && (
                    <>
                      <Button small minimal icon="edit" text={t('tags.edit')} onClick={() => setEditing(tag)} data-testid="edit-tag" />
                      <Button
                        small
                        minimal
                        intent="danger"
                        icon="trash"
                        text={t('tags.delete')}
                        onClick={() => setDeleting(tag)}
                        data-testid="delete-tag"
                      />
                    </>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </HTMLTable>
      )}
      {editing && <TagDialog editing={editing === 'new' ? undefined : editing} tags={list} onClose={() => setEditing(null)} />}
      <Dialog
        isOpen={deleting !== null}
        title={t('tags.deleteTitle', { name: deleting?.name ?? '' })}
        icon="trash"
        onClose={remove.isPending ? undefined : () => setDeleting(null)}
      >
        <DialogBody>
          <p data-testid="delete-tag-text">{t('tags.deleteText', { count: deleting?.plantCount ?? 0 })}</p>
          {remove.isError && (
            <Callout intent="danger" icon="error">
              {apiErrorText(remove.error)}
            </Callout>
          )}
        </DialogBody>
        <DialogFooter
          actions={
            <>
              <Button text={t('actions.cancel')} onClick={() => setDeleting(null)} disabled={remove.isPending} />
              <Button
                intent="danger"
                text={t('tags.delete')}
                loading={remove.isPending}
                onClick={confirmDelete}
                data-testid="confirm-delete-tag"
              />
            </>
          }
        />
      </Dialog>
    </div>
  );
}
