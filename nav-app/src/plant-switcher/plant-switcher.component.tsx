// The plant every page shows: a select bound to the shared active plant, searchable for many plants.
import React, { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, Callout, FormGroup, HTMLSelect, InputGroup, NonIdealState, Spinner } from '@blueprintjs/core';
import { PLANT_LIST_KEY, queryClient, setActivePlant, useActivePlant, useDebounced } from '@helio/shared-utils';
import { isSearchable, plantOptions, SWITCHER_LIMIT } from './plant-options';
import { useSwitcherPlants } from './plant-switcher.resource';
import './plant-switcher.css';

export function PlantSwitcher() {
  const { t } = useTranslation('nav-app');
  const { plant, isLoading, error } = useActivePlant();
  const [query, setQuery] = useState('');
  const search = useDebounced(query.trim());
  const first = useSwitcherPlants('');
  const found = useSwitcherPlants(search);
  const selectId = useId();

  if (error || first.isError) {
    return (
      <Callout className="helio-plant-switcher" intent="danger" compact data-testid="plant-switcher-error">
        <p>{t('plantSwitcher.error')}</p>
        <Button size="small" text={t('plantSwitcher.retry')} onClick={() => queryClient.refetchQueries({ queryKey: PLANT_LIST_KEY })} />
      </Callout>
    );
  }
  if (isLoading || first.isPending) {
    return (
      <div className="helio-plant-switcher helio-plant-switcher--loading" aria-busy="true">
        <Spinner size={16} />
        <span>{t('plantSwitcher.loading')}</span>
      </div>
    );
  }
  if (!plant) {
    return (
      <div className="helio-plant-switcher helio-plant-switcher--empty" data-testid="plant-switcher-empty">
        <NonIdealState
          icon="office"
          iconSize={32}
          title={t('plantSwitcher.emptyTitle')}
          description={t('plantSwitcher.emptyDescription')}
        />
      </div>
    );
  }

  const { options, matchCount, more } = plantOptions(found.data ?? first.data ?? [], plant);
  const choose = (id: string) => setActivePlant(options.find((p) => p.id === id) ?? null);
  return (
    <FormGroup className="helio-plant-switcher" label={t('plantSwitcher.label')} labelFor={selectId}>
      {isSearchable(first.data ?? []) && (
        <InputGroup
          className="helio-plant-switcher__search"
          type="search"
          size="small"
          leftIcon="search"
          placeholder={t('plantSwitcher.search')}
          aria-label={t('plantSwitcher.search')}
          value={query}
          onValueChange={setQuery}
        />
      )}
      <HTMLSelect
        id={selectId}
        data-testid="plant-switcher"
        fill
        value={plant.id}
        onChange={(event) => choose(event.currentTarget.value)}
        options={options.map((p) => ({ value: p.id, label: p.name }))}
      />
      {matchCount === 0 && search !== '' && (
        <p className="helio-plant-switcher__note" role="status">
          {t('plantSwitcher.noMatch', { query: search })}
        </p>
      )}
      {more && <p className="helio-plant-switcher__note">{t('plantSwitcher.more', { count: SWITCHER_LIMIT })}</p>}
    </FormGroup>
  );
}
