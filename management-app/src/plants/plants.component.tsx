// /management/plants: the tenant's plants with their gateways' status, tags and today's energy; search,
// filter by status and tag (the tag kept in the URL, ?tag=), sort, pages; bulk tagging; "New plant". The
// server searches, filters, sorts and pages (plant/fleet/page): a fleet of any size sends one page.
import { useState } from 'react';
import { Button, Callout, ControlGroup, HTMLSelect, InputGroup, NonIdealState, Spinner } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import {
  apiErrorText,
  PageHeader,
  showToast,
  TAG_FILTER_PARAM,
  useActivePlant,
  useDebounced,
  useMayCall,
  useUrlParam,
} from '@helio/shared-utils';
import { NewPlantDialog } from '../new-plant/new-plant-dialog.component';
import { byTagName } from '../tags/tag-form';
import { useTags } from '../tags/tags.resource';
import { BulkTags } from './bulk-tags.component';
import { fleetFilter, FIRST_QUERY, PAGE_SIZES, pageRequest, sortBy, type PlantStatus, type TableQuery } from './plant-table';
import { PlantsTable } from './plants-table.component';
import { matchingPlantIds, useFleetPage } from './plants.resource';

export default function PlantsPage() {
  const { t } = useTranslation('management-app');
  const tags = useTags();
  const { plant: active } = useActivePlant();
  const [tagParam, setTagParam] = useUrlParam(TAG_FILTER_PARAM);
  const [tableQuery, setQuery] = useState<TableQuery>(FIRST_QUERY);
  const query: TableQuery = { ...tableQuery, tag: tagParam ?? 'all' };
  // The server is asked once typing pauses; the box shows every keystroke.
  const search = useDebounced(query.search);
  const fleet = useFleetPage(pageRequest({ ...query, search }));
  const [creating, setCreating] = useState(false);
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  // Selecting is for bulk tagging; both it and "New plant" are offered only to a role the server lets do them.
  const canTag = useMayCall('plant/tags/set');
  const mayCreate = useMayCall('plant/create');
  const tagList = byTagName(tags.data?.tags ?? []);
  const select = (ids: readonly string[], on: boolean) =>
    setSelected((before) => {
      const next = new Set(before);
      for (const id of ids) {
        if (on) next.add(id);
        else next.delete(id);
      }
      return next;
    });
  const selectAllMatching = () =>
    matchingPlantIds(fleetFilter({ ...query, search })).then(
      (ids) => select(ids, true),
      (error: Error) => showToast({ intent: 'danger', icon: 'error', message: apiErrorText(error) }),
    );
  const page = fleet.data;
  const filtered = Object.keys(fleetFilter(query)).length > 0;

  return (
    <div className="helio-management-page">
      <PageHeader page="pages.plants" description={t('plants.description')}>
        {mayCreate && (
          <Button intent="primary" icon="add" text={t('plants.new')} onClick={() => setCreating(true)} data-testid="new-plant" />
        )}
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
          onChange={(e) => {
            setTagParam(e.currentTarget.value === 'all' ? null : e.currentTarget.value);
            setQuery({ ...tableQuery, page: 0 });
          }}
          options={[{ value: 'all', label: t('plants.allTags') }, ...tagList.map((tag) => ({ value: tag.id, label: tag.name }))]}
          data-testid="plants-tag"
        />
      </ControlGroup>
      {canTag && selected.size > 0 && (
        <BulkTags
          selected={[...selected]}
          matching={page?.total ?? 0}
          tags={tagList}
          onSelectAllMatching={selectAllMatching}
          onClear={() => setSelected(new Set())}
        />
      )}
      {fleet.isError && page && (
        <Callout intent="warning" icon="offline">
          {t('plants.refreshFailed')}
        </Callout>
      )}
      {!page ? (
        fleet.isError ? (
          <NonIdealState icon="error" title={t('plants.loadFailed')} description={apiErrorText(fleet.error)} />
        ) : (
          <Spinner />
        )
      ) : page.total === 0 ? (
        <NonIdealState icon="search" title={filtered ? t('plants.noMatch') : t('plants.none')} />
      ) : (
        <>
          <PlantsTable
            rows={page.plants}
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
                to: page.page * query.pageSize + page.plants.length,
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
