// The filters of the analytics pages: a tag (a plant with it counts), and on the benchmark the size class.
import React from 'react';
import { useTranslation } from 'react-i18next';
import { Classes, HTMLSelect, Label } from '@blueprintjs/core';
import { SIZE_CLASSES, type SizeClass } from '@helio/contracts/limits';
import { useTags } from './analytics.resource';

export function TagFilter({ tagId, onChange }: { tagId: string | null; onChange: (tagId: string | null) => void }) {
  const { t } = useTranslation('analytics-app');
  const tags = useTags();
  return (
    <Label className={`${Classes.INLINE} helio-analytics__filter`}>
      {t('filters.tag')}
      <HTMLSelect value={tagId ?? ''} onChange={(e) => onChange(e.target.value || null)} data-testid="filter-tag">
        <option value="">{t('filters.allTags')}</option>
        {(tags.data ?? []).map((tag) => (
          <option key={tag.id} value={tag.id}>
            {tag.name}
          </option>
        ))}
      </HTMLSelect>
    </Label>
  );
}

export function SizeClassFilter({ sizeClass, onChange }: { sizeClass: SizeClass | null; onChange: (sizeClass: SizeClass | null) => void }) {
  const { t } = useTranslation('analytics-app');
  return (
    <Label className={`${Classes.INLINE} helio-analytics__filter`}>
      {t('filters.sizeClass')}
      <HTMLSelect
        value={sizeClass ?? ''}
        onChange={(e) => onChange((e.target.value || null) as SizeClass | null)}
        data-testid="filter-size"
      >
        <option value="">{t('filters.allSizes')}</option>
        {SIZE_CLASSES.map((size) => (
          <option key={size} value={size}>
            {t(`sizeClasses.${size}`)}
          </option>
        ))}
      </HTMLSelect>
    </Label>
  );
}
