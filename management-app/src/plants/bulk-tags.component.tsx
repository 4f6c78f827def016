// The bar over the plants table while plants are selected: how many, select every matching plant over
// all pages, and add or remove one tag on all of them at once.
import { useState } from 'react';
import { Button, Callout, ControlGroup, HTMLSelect } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { apiErrorText, showToast, type PlantTag } from '@helio/shared-utils';
import { useSetPlantTags } from '../tags/tags.resource';

interface BulkTagsProps {
  selected: readonly string[];
  matching: number;
  tags: readonly PlantTag[];
  onSelectAllMatching: () => void;
  onClear: () => void;
}

export function BulkTags({ selected, matching, tags, onSelectAllMatching, onClear }: BulkTagsProps) {
  const { t } = useTranslation('management-app');
  const setTags = useSetPlantTags();
  const [tagId, setTagId] = useState('');
  const chosen = tags.find((tag) => tag.id === tagId);

  const apply = (change: 'add' | 'remove') => {
    if (!chosen) return;
    setTags.mutate(
      { plantIds: [...selected], [change]: [chosen.id] },
      {
        onSuccess: () =>
          showToast({
            intent: 'success',
            icon: 'tag',
            message: t(change === 'add' ? 'bulk.added' : 'bulk.removed', { name: chosen.name, count: selected.length }),
          }),
      },
    );
  };

  return (
    <div className="helio-management-bulk" data-testid="bulk-tags">
      <span data-testid="bulk-count">{t('bulk.selected', { count: selected.length })}</span>
      {selected.length < matching && (
        <Button
          minimal
          small
          text={t('bulk.selectAll', { count: matching })}
          onClick={onSelectAllMatching}
          data-testid="select-all-matching"
        />
      )}
      <Button minimal small text={t('bulk.clear')} onClick={onClear} data-testid="clear-selection" />
      <ControlGroup>
        <HTMLSelect
          aria-label={t('bulk.tag')}
          value={tagId}
          onChange={(e) => setTagId(e.currentTarget.value)}
          options={[
            { value: '', label: tags.length === 0 ? t('bulk.noTags') : t('bulk.chooseTag') },
            ...tags.map((tag) => ({ value: tag.id, label: tag.name })),
          ]}
          data-testid="bulk-tag"
        />
        <Button
          icon="add"
          text={t('bulk.add')}
          disabled={!chosen}
          loading={setTags.isPending}
          onClick={() => apply('add')}
          data-testid="bulk-add"
        />
        <Button
          icon="remove"
          text={t('bulk.remove')}
          disabled={!chosen}
          loading={setTags.isPending}
          onClick={() => apply('remove')}
          data-testid="bulk-remove"
        />
      </ControlGroup>
      {setTags.isError && (
        <Callout intent="danger" icon="error" compact>
          {apiErrorText(setTags.error)}
        </Callout>
      )}
    </div>
  );
}
