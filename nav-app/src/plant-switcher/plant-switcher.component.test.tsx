import React from 'react';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { ApiError, HelioProviders, setActivePlant, type Plant } from '@helio/shared-utils';
import { __fixtures, __setCurrentUser, __setPlants, apiPost } from '@helio/shared-utils/mock';
import { PlantSwitcher } from './plant-switcher.component';

async function renderSwitcher() {
  render(
    <HelioProviders>
      <PlantSwitcher />
    </HelioProviders>,
  );
  await act(() => new Promise((resolve) => setTimeout(resolve, 0)));
  // The plants come from the (mocked) server: until then the switcher says it is loading them.
  await waitFor(() => expect(document.querySelector('[aria-busy="true"]')).toBeNull());
}

const select = () => screen.getByTestId('plant-switcher') as HTMLSelectElement;
const optionLabels = () => Array.from(select().options).map((o) => o.textContent);

function manyPlants(count: number): Plant[] {
  const [template] = __fixtures.plants();
  return Array.from({ length: count }, (_, i) => ({ ...template, id: `p${i}`, name: `Plant ${i}`, thingName: `gw-${i}` }));
}

beforeEach(() => {
  localStorage.clear();
  __setCurrentUser(__fixtures.currentUser());
});

describe('PlantSwitcher', () => {
  it('shows the active plant and sets the one the user picks', async () => {
    const plants = __fixtures.plants();
    __setPlants(plants);
    await renderSwitcher();
    expect(select().value).toBe('plant-1');
    expect(optionLabels()).toEqual(['Brno – Líšeň', 'Olomouc – Sady']);
    fireEvent.change(select(), { target: { value: 'plant-2' } });
    expect(setActivePlant).toHaveBeenCalledWith(plants[1]);
    expect(select().value).toBe('plant-2');
  });

  it('offers no search for up to eight plants', async () => {
    __setPlants(manyPlants(8));
    await renderSwitcher();
    expect(screen.queryByRole('searchbox')).toBeNull();
  });

  it('asks the server to search a long list once typing pauses, keeping the active plant selected', async () => {
    __setPlants(manyPlants(12));
    await renderSwitcher();
    fireEvent.change(screen.getByRole('searchbox'), { target: { value: 'plant 11' } });
    await waitFor(() => expect(optionLabels()).toEqual(['Plant 0', 'Plant 11']));
    expect(select().value).toBe('p0');
    expect(apiPost).toHaveBeenCalledWith(
      'plant/list',
      { id: __fixtures.currentUser().tenant.id, limit: 51, search: 'plant 11' },
      expect.anything(),
    );
    fireEvent.change(screen.getByRole('searchbox'), { target: { value: 'nowhere' } });
    await waitFor(() => expect(screen.getByRole('status').textContent).toContain('nowhere'));
  });

  it('lists the first 50 plants of a large fleet and says a search finds the others', async () => {
    __setPlants(manyPlants(120));
    await renderSwitcher();
    await waitFor(() => expect(select().options).toHaveLength(50));
    expect(screen.getByText('Zobrazeno prvních 50 elektráren; další najdete hledáním.')).toBeTruthy();
    fireEvent.change(screen.getByRole('searchbox'), { target: { value: 'plant 119' } });
    await waitFor(() => expect(optionLabels()).toEqual(['Plant 0', 'Plant 119']));
    expect(screen.queryByText('Zobrazeno prvních 50 elektráren; další najdete hledáním.')).toBeNull();
  });

  it('shows a clear empty state when the tenant has no plants', async () => {
    __setPlants([]);
    await renderSwitcher();
    expect(screen.queryByTestId('plant-switcher')).toBeNull();
    expect(screen.getByTestId('plant-switcher-empty').textContent).toContain('Zatím žádná elektrárna');
  });

  it('says so when the plants cannot be loaded', async () => {
    __setPlants(new ApiError(500, 'InternalError', 'boom'));
    await renderSwitcher();
    expect(screen.getByTestId('plant-switcher-error').textContent).toContain('Elektrárny se nepodařilo načíst');
  });
});
