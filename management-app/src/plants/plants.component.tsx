// /management/plants: the tenant's plants with their gateways' status, tags and today's energy; search,
// filter by status and tag (?tag= opens it filtered), sort, pages; bulk tagging; "New plant".
import { useMemo, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { Button, Callout, ControlGroup, HTMLSelect, InputGroup, NonIdealState, Spinner } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { hasPermission, PageHeader, useActivePlant, useCurrentUser } from '@helio/shared-utils';
import { NewPlantDialog } from '../new-plant/new-plant-dialog.component';
import { byTagName } from '../tags/tag-form';
import { useTags } from '../tags/tags.resource';
import { BulkTags } from './bulk-tags.component';
import { FIRST_QUERY, matchingIds, PAGE_SIZES, plantRows, sortBy, tablePage, type PlantStatus, type TableQuery } from './plant-table';
import { PlantsTable } from './plants-table.component';
import { usePlants, useRegistry } from './plants.resource';

export default function PlantsPage() {
  const { t } = useTranslation('management-app');
  const plants = usePlants();
  const registry = useRegistry();
  const tags = useTags();
  const { plant: active } = useActivePlant();
  const [searchParams] = useSearchParams();
  const [query, setQuery] = useState<TableQuery>(() => ({ ...FIRST_QUERY, tag: searchParams.get('tag') ?? 'all' }));
  const [creating, setCreating] = useState(false);
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const rows = useMemo(() => plantRows(plants.data ?? [], registry.data ?? []), [plants.data, registry.data]);
  const page = useMemo(() => tablePage(rows, query), [rows, query]);
  // Selecting is for bulk tagging, which needs plants:write.
  const canTag = hasPermission(useCurrentUser().data, 'plants:write');
  const tagList = useMemo(() => byTagName(tags.data?.tags ?? []), [tags.data]);
  const select = (ids: readonly string[], on: boolean) =>
    setSelected((before) => {
      const next = new Set(before);
      for (const id of ids) {
        if (on) next.add(id);
        else next.delete(id);
      }
      return next;
    });

  return (
    <div className="helio-management-page">
      <PageHeader title={t('plants.title')} description={t('plants.description')}>
        <Button intent="primary" icon="add" text={t('plants.new')} onClick={() => setCreating(true)} data-testid="new-plant" />
      </PageHeader>
      <ControlGroup className="helio-management-filters">
        <InputGroup
          leftIcon="search"
          type="search"
          placeholder={t('plants.search')}
          aria-label={t('plants.search')}
          value={query.search}
          onChange={(e) => setQuery({ ...query, search: e.target.value, page: 0 })}
          data-testid="plants-search"
        />
        <HTMLSelect
          aria-label={t('plants.statusFilter')}
          value={query.status}
          onChange={(e) => setQuery({ ...query, status: e.currentTarget.value as PlantStatus | 'all', page: 0 })}
          options={(['all', 'online', 'offline'] as const).map((value) => ({ value, label: t(`status.${value}`) }))}
          data-testid="plants-status"
        />
        <HTMLSelect
          aria-label={t('plants.tagFilter')}
          value={query.tag}
          onChange={(e) => setQuery({ ...query, tag: e.currentTarget.value, page: 0 })}
          options={[{ value: 'all', label: t('plants.allTags') }, ...tagList.map((tag) => ({ value: tag.id, label: tag.name }))]}
          data-testid="plants-tag"
        />
      </ControlGroup>
      {canTag && selected.size > 0 && (
        <BulkTags
          selected={[...selected]}
          matching={page.total}
          tags={tagList}
          onSelectAllMatching={() => select(matchingIds(rows, query), true)}
          onClear={() => setSelected(new Set())}
        />
      )}
      {registry.isError && (
        <Callout intent="warning" icon="offline">
          {t('plants.statusUnavailable')}
        </Callout>
      )}
      {plants.isPending ? (
        <Spinner />
      ) : plants.isError ? (
        <NonIdealState icon="error" title={t('plants.loadFailed')} description={plants.error.message} />
      ) : page.total === 0 ? (
        <NonIdealState icon="search" title={rows.length === 0 ? t('plants.none') : t('plants.noMatch')} />
      ) : (
        <>
          <PlantsTable
            rows={page.rows}
            query={{ ...query, page: page.page }}
            activeId={active?.id}
            tags={tagList}
            selected={selected}
            onSelect={canTag ? select : undefined}
            onSort={(column) => setQuery(sortBy(query, column))}
          />
          <div className="helio-management-pager" data-testid="plants-pager">
            <span>
              {t('plants.range', {
                from: page.page * query.pageSize + 1,
                to: page.page * query.pageSize + page.rows.length,
                total: page.total,
              })}
            </span>
            <HTMLSelect
              aria-label={t('plants.pageSize')}
              value={query.pageSize}
              onChange={(e) => setQuery({ ...query, pageSize: Number(e.currentTarget.value), page: 0 })}
              options={PAGE_SIZES.map((size) => ({ value: size, label: t('plants.perPage', { count: size }) }))}
            />
            <Button
              minimal
              icon="chevron-left"
              aria-label={t('plants.previous')}
              disabled={page.page === 0}
              onClick={() => setQuery({ ...query, page: page.page - 1 })}
            />
            <span>{t('plants.page', { page: page.page + 1, pages: page.pageCount })}</span>
            <Button
              minimal
              icon="chevron-right"
              aria-label={t('plants.next')}
              disabled={page.page >= page.pageCount - 1}
              onClick={() => setQuery({ ...query, page: page.page + 1 })}
            />
          </div>
        </>
      )}
      {creating && <NewPlantDialog onClose={() => setCreating(false)} />}
    </div>
  );
}
