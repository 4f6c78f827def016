// The plants table itself: a selection box per row (for bulk tagging), sortable column headers, one
// row per plant (click opens its detail), its tags, today's energy, its gateway's status with the last
// time it was heard from, and "make active". Its tags are `multiline` (see TagChip): no layout per row.
import type { KeyboardEvent } from 'react';
import { Button, Checkbox, HTMLTable, Icon, Tag } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { formatDateTime, formatNumber, setActivePlant, type FleetPlant, type Plant, type PlantTag } from '@helio/shared-utils';
import { TagChip } from '../tags/tag-chip.component';
import type { SortColumn, TableQuery } from './plant-table';

interface PlantsTableProps {
  rows: FleetPlant[];
  query: TableQuery;
  activeId: string | undefined;
  /** The organisation's tags in name order: a row shows its tags in this order. */
  tags: readonly PlantTag[];
  selected: ReadonlySet<string>;
  /** Without it the table has no selection boxes. */
  onSelect?: (ids: readonly string[], selected: boolean) => void;
  onSort: (column: SortColumn) => void;
}

const COLUMNS: SortColumn[] = ['name', 'location', 'pvPeakKw', 'batteryKwh', 'todayEnergyKwh', 'status'];

const plantPath = (plant: Plant) => `/management/plants/${encodeURIComponent(plant.id)}`;
const stop = (event: { stopPropagation: () => void }) => event.stopPropagation();

export function PlantsTable({ rows, query, activeId, tags, selected, onSelect, onSort }: PlantsTableProps) {
  const { t } = useTranslation('management-app');
  const navigate = useNavigate();
  const open = (plant: Plant) => navigate(plantPath(plant));
  const onKey = (event: KeyboardEvent, plant: Plant) => {
    if (event.key === 'Enter') open(plant);
  };
  const pageIds = rows.map((row) => row.id);
  const selectedOnPage = pageIds.filter((id) => selected.has(id)).length;
  const header = (column: SortColumn) => (
    <th key={column} aria-sort={query.sort === column ? (query.descending ? 'descending' : 'ascending') : 'none'}>
      <button type="button" className="helio-management-sort" onClick={() => onSort(column)} data-testid={`sort-${column}`}>
        {t(`plants.columns.${column}`)}
        {query.sort === column && <Icon icon={query.descending ? 'chevron-down' : 'chevron-up'} size={12} />}
      </button>
    </th>
  );

  return (
    <HTMLTable interactive striped className="helio-management-table" data-testid="plants-table">
      <thead>
        <tr>
          {onSelect && (
            <th className="helio-management-select">
              <Checkbox
                aria-label={t('plants.selectPage')}
                checked={selectedOnPage > 0 && selectedOnPage === pageIds.length}
                indeterminate={selectedOnPage > 0 && selectedOnPage < pageIds.length}
                onChange={(e) => onSelect(pageIds, e.currentTarget.checked)}
                data-testid="select-page"
              />
            </th>
          )}
          {COLUMNS.slice(0, 4).map(header)}
          <th>{t('plants.columns.tags')}</th>
          {COLUMNS.slice(4).map(header)}
          <th aria-label={t('plants.columns.actions')} />
        </tr>
      </thead>
      <tbody>
        {rows.map((plant) => (
          <tr
            key={plant.id}
            tabIndex={0}
            onClick={() => open(plant)}
            onKeyDown={(e) => onKey(e, plant)}
            data-testid="plant-row"
            data-thing={plant.thingName}
          >
            {onSelect && (
              <td className="helio-management-select" onClick={stop}>
                <Checkbox
                  aria-label={t('plants.select', { name: plant.name })}
                  checked={selected.has(plant.id)}
                  onChange={(e) => onSelect([plant.id], e.currentTarget.checked)}
                  data-testid="select-plant"
                />
              </td>
            )}
            <td>
              <a href={plantPath(plant)} onClick={(e) => e.preventDefault()}>
                {plant.name}
              </a>
            </td>
            <td>{plant.location}</td>
            <td className="helio-management-number">{formatNumber(plant.pvPeakKw, { maximumFractionDigits: 1 })}</td>
            <td className="helio-management-number">
              {plant.batteryKwh === null ? '—' : formatNumber(plant.batteryKwh, { maximumFractionDigits: 1 })}
            </td>
            <td data-testid="plant-tags">
              <span className="helio-management-tags">
                {tags
                  .filter((tag) => plant.tagIds.includes(tag.id))
                  .map((tag) => (
                    <TagChip key={tag.id} tag={tag} />
                  ))}
              </span>
            </td>
            <td className="helio-management-number" data-testid="plant-today">
              {plant.todayEnergyKwh === null ? '—' : formatNumber(plant.todayEnergyKwh, { maximumFractionDigits: 1 })}
            </td>
            <td data-testid="plant-status" data-status={plant.status}>
              <Tag
                minimal
                round
                multiline
                intent={plant.status === 'online' ? 'success' : 'none'}
                icon={plant.status === 'online' ? 'signal-search' : 'offline'}
              >
                {t(`status.${plant.status}`)}
              </Tag>{' '}
              <span className="helio-management-muted">
                {plant.lastSeen ? t('plants.lastSeen', { time: formatDateTime(new Date(plant.lastSeen)) }) : t('plants.neverSeen')}
              </span>
            </td>
            <td className="helio-management-row-actions">
              {plant.id === activeId ? (
                <Tag minimal multiline intent="primary" icon="star">
                  {t('plants.active')}
                </Tag>
              ) : (
                <Button
                  small
                  minimal
                  icon="star-empty"
                  text={t('plants.makeActive')}
                  data-testid="make-active"
                  onClick={(event) => {
                    event.stopPropagation();
                    setActivePlant(plant);
                  }}
                />
              )}
            </td>
          </tr>
        ))}
      </tbody>
    </HTMLTable>
  );
}
