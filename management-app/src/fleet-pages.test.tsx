// The fleet pages through the app's routes with the shared-utils mock: the tags page (create, a
// refused duplicate, delete after a confirmation with the plant count), bulk tagging and the tag
// filter in the plants table, and the fleet dashboard's figures and attention list.
import React from 'react';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { ApiError, type FleetPageRequest, type FleetSummary, type PlantTag, HelioAppFrame } from '@helio/shared-utils';
import { __fixtures, __setCurrentUser, __setSignedIn, apiPost, queryClient } from '@helio/shared-utils/mock';
import { fleetPageOf, fleetPlant } from './testing/fixtures';
import { Root } from './root.component';

const tag = (id: string, name: string, plantCount: number): PlantTag => ({
  id,
  name,
  colour: 'orange',
  plantCount,
  createdAt: '2026-11-23T00:00:00.000Z',
  updatedAt: null,
});
let tags: PlantTag[];
let tagged: Record<string, string[]>;
const calls: Array<[string, unknown]> = [];

beforeEach(() => {
  queryClient.clear();
  __setSignedIn();
  calls.length = 0;
  tags = [tag('t-roof', 'Střecha', 1), tag('t-farm', 'Farma', 0)];
  tagged = { 'plant-1': ['t-roof'], 'plant-2': [] };
  apiPost.mockImplementation((async (path: string, body: Record<string, unknown>) => {
    calls.push([path, body]);
    if (path === 'plant/fleet/page')
      return fleetPageOf(
        __fixtures
          .plants()
          .map((plant) => fleetPlant(plant, { tagIds: tagged[plant.id], todayEnergyKwh: plant.id === 'plant-1' ? 12.5 : null })),
        body as FleetPageRequest,
      );
    if (path === 'tag/list') return { tags, colours: [] };
    if (path === 'tag/create') {
      if (tags.some((t) => t.name.toLowerCase() === String(body.name).toLowerCase()))
        throw new ApiError(409, 'Conflict', 'taken', { field: 'name' });
      const created = tag('t-new', String(body.name), 0);
      tags = [...tags, created];
      return created;
    }
    if (path === 'tag/delete') {
      tags = tags.filter((t) => t.id !== body.id);
      return { ok: true, unassigned: 1 };
    }
    if (path === 'plant/tags/set') {
      for (const id of body.plantIds as string[]) tagged[id] = [...new Set([...(tagged[id] ?? []), ...((body.add as string[]) ?? [])])];
      return { added: 1, removed: 0 };
    }
    throw new Error(`unexpected ${path}`);
  }) as unknown as typeof apiPost);
});

const at = (path: string) => {
  window.history.pushState({}, '', path);
  return render(
    <HelioAppFrame>
      <Root />
    </HelioAppFrame>,
  );
};
const rowOf = (name: string) => screen.getAllByTestId('tag-row').find((row) => row.getAttribute('data-name') === name) as HTMLElement;

describe('the tags page', () => {
  it('creates a tag with a colour and refuses a name the organisation has, before asking the server', async () => {
    at('/management/tags');
    await screen.findAllByTestId('tag-row');
    fireEvent.click(screen.getByTestId('new-tag'));
    fireEvent.change(screen.getByTestId('tag-name'), { target: { value: ' STŘECHA ' } });
    fireEvent.click(screen.getByTestId('tag-submit'));
    expect(await screen.findByText('Štítek s tímto názvem už vaše organizace má.')).toBeTruthy();
    expect(calls.some(([path]) => path === 'tag/create')).toBe(false);
    fireEvent.change(screen.getByTestId('tag-name'), { target: { value: 'Jih' } });
    fireEvent.click(screen.getByTestId('tag-colour-violet'));
    fireEvent.click(screen.getByTestId('tag-submit'));
    await waitFor(() => expect(calls).toContainEqual(['tag/create', { name: 'Jih', colour: 'violet' }]));
    await waitFor(() =>
      expect(screen.getAllByTestId('tag-row').map((row) => row.getAttribute('data-name'))).toEqual(['Farma', 'Jih', 'Střecha']),
    );
  });

  it('says how many plants carry a tag before deleting it', async () => {
    at('/management/tags');
    await screen.findAllByTestId('tag-row');
    fireEvent.click(within(rowOf('Střecha')).getByTestId('delete-tag'));
    expect((await screen.findByTestId('delete-tag-text')).textContent).toContain('nyní elektráren: 1');
    expect(calls.some(([path]) => path === 'tag/delete')).toBe(false);
    fireEvent.click(screen.getByTestId('confirm-delete-tag'));
    await waitFor(() => expect(calls).toContainEqual(['tag/delete', { id: 't-roof' }]));
    await waitFor(() => expect(screen.getAllByTestId('tag-row').map((row) => row.getAttribute('data-name'))).toEqual(['Farma']));
  });
});

describe('the plants table with tags', () => {
  it("shows each plant's tags and today's energy, filters by tag and adds a tag to the selected plants in one call", async () => {
    at('/management/plants');
    const rows = await screen.findAllByTestId('plant-row');
    await waitFor(() => expect(within(rows[0] as HTMLElement).getByTestId('plant-tags').textContent).toBe('Střecha'));
    expect(screen.getAllByTestId('plant-today').map((cell) => cell.textContent)).toEqual(['12,5', '—']);
    fireEvent.change(screen.getByTestId('plants-tag'), { target: { value: 't-roof' } });
    await waitFor(() => expect(screen.getAllByTestId('plant-row').map((row) => row.getAttribute('data-thing'))).toEqual(['gw-brno-01']));
    expect(calls).toContainEqual([
      'plant/fleet/page',
      { filter: { tag: 't-roof' }, sort: 'name', descending: false, page: 0, pageSize: 25 },
    ]);
    fireEvent.change(screen.getByTestId('plants-tag'), { target: { value: 'all' } });
    await waitFor(() => expect(screen.getAllByTestId('plant-row')).toHaveLength(2));
    fireEvent.click(screen.getByTestId('select-page'));
    expect(screen.getByTestId('bulk-count').textContent).toBe('Vybrané elektrárny: 2');
    fireEvent.change(screen.getByTestId('bulk-tag'), { target: { value: 't-farm' } });
    fireEvent.click(screen.getByTestId('bulk-add'));
    await waitFor(() => expect(calls).toContainEqual(['plant/tags/set', { plantIds: ['plant-1', 'plant-2'], add: ['t-farm'] }]));
    fireEvent.change(screen.getByTestId('plants-tag'), { target: { value: 't-farm' } });
    await waitFor(() => expect(screen.getAllByTestId('plant-row')).toHaveLength(2));
  });

  it('asks the server for the page, the search when typing pauses, the sort, and every matching id for "select all"', async () => {
    const many = Array.from({ length: 30 }, (_, i) =>
      fleetPlant({ ...__fixtures.plants()[0], id: `p${i}`, name: `Plant ${i}`, thingName: `gw-${i}` }),
    );
    apiPost.mockImplementation((async (path: string, body: Record<string, unknown>) => {
      calls.push([path, body]);
      if (path === 'plant/fleet/page') return fleetPageOf(many, body as FleetPageRequest);
      if (path === 'plant/fleet/ids') return { ids: many.map((p) => p.id) };
      if (path === 'tag/list') return { tags, colours: [] };
      throw new Error(`unexpected ${path}`);
    }) as unknown as typeof apiPost);
    at('/management/plants');
    await waitFor(() => expect(screen.getAllByTestId('plant-row')).toHaveLength(25));
    expect(screen.getByTestId('plants-pager').textContent).toContain('1–25 z 30');
    fireEvent.click(screen.getByTestId('sort-pvPeakKw'));
    await waitFor(() =>
      expect(calls).toContainEqual(['plant/fleet/page', { filter: {}, sort: 'pvPeakKw', descending: false, page: 0, pageSize: 25 }]),
    );
    fireEvent.click(screen.getByTestId('select-page'));
    expect(screen.getByTestId('bulk-count').textContent).toBe('Vybrané elektrárny: 25');
    fireEvent.click(screen.getByTestId('select-all-matching'));
    await waitFor(() => expect(screen.getByTestId('bulk-count').textContent).toBe('Vybrané elektrárny: 30'));
    expect(calls).toContainEqual(['plant/fleet/ids', { filter: {} }]);
    fireEvent.change(screen.getByTestId('plants-search'), { target: { value: 'P' } });
    fireEvent.change(screen.getByTestId('plants-search'), { target: { value: 'Plant 2' } });
    await waitFor(() => expect(screen.getAllByTestId('plant-row')).toHaveLength(11)); // Plant 2, Plant 20–29
    // only the value typing paused on is asked for, never 'P' (the page's status poll may ask for it
    // again on a slow run: the distinct requests are what is proven)
    const searches = calls.filter(([path, body]) => path === 'plant/fleet/page' && JSON.stringify(body).includes('"search"'));
    expect([...new Set(searches.map((call) => JSON.stringify(call)))].map((call) => JSON.parse(call) as unknown)).toEqual([
      ['plant/fleet/page', { filter: { search: 'Plant 2' }, sort: 'pvPeakKw', descending: false, page: 0, pageSize: 25 }],
    ]);
  });

  it('opens filtered by the tag given in the address', async () => {
    at('/management/plants?tag=t-roof');
    await waitFor(() => expect(screen.getAllByTestId('plant-row').map((row) => row.getAttribute('data-thing'))).toEqual(['gw-brno-01']));
  });
});

describe('a user without plants:write', () => {
  it('sees the tags and the plants but no way to change tags', async () => {
    __setCurrentUser({ ...__fixtures.currentUser(), permissions: ['plants:read', 'devices:read'] });
    const { unmount } = at('/management/tags');
    await screen.findAllByTestId('tag-row');
    expect(screen.queryByTestId('new-tag')).toBeNull();
    expect(screen.queryByTestId('delete-tag')).toBeNull();
    unmount();
    at('/management/plants');
    await screen.findAllByTestId('plant-row');
    expect(screen.queryByTestId('select-page')).toBeNull();
    expect(screen.queryByTestId('select-plant')).toBeNull();
    expect(screen.queryByTestId('new-plant')).toBeNull(); // plant/create would answer 403
  });
});

describe('the fleet dashboard', () => {
  it('shows the fleet figures and the plants needing attention, most severe first as the server orders them', async () => {
    const summary: FleetSummary = {
      plants: 3,
      online: 2,
      offline: 1,
      withOpenAlerts: 2,
      pvPeakKw: 83.3,
      batteryKwh: 40,
      todayEnergyKwh: 1234.56,
      attention: [
        { id: 'p3', name: 'Plzeň', thingName: 'demo-plzen-03', status: 'offline', lastSeen: null, criticalAlerts: 1, warningAlerts: 0 },
        {
          id: 'p2',
          name: 'Olomouc',
          thingName: 'demo-olomouc-02',
          status: 'online',
          lastSeen: '2026-11-23T01:00:00.000Z',
          criticalAlerts: 0,
          warningAlerts: 2,
        },
      ],
      attentionTotal: 2,
    };
    apiPost.mockImplementation((async (path: string) => {
      if (path === 'plant/fleet/summary') return summary;
      throw new Error(`unexpected ${path}`);
    }) as unknown as typeof apiPost);
    at('/management');
    expect((await screen.findByTestId('fleet-plants')).textContent).toBe('3');
    expect(screen.getByTestId('fleet-online').textContent).toBe('2');
    expect(screen.getByTestId('fleet-offline').textContent).toBe('1');
    expect(screen.getByTestId('fleet-alerts').textContent).toBe('2');
    expect(screen.getByTestId('fleet-pv').textContent).toBe('83,3 kWp');
    expect(screen.getByTestId('fleet-battery').textContent).toBe('40 kWh');
    expect(screen.getByTestId('fleet-today').textContent).toBe('1\u00a0234,6 kWh');
    const rows = screen.getAllByTestId('attention-row');
    expect(rows.map((row) => row.getAttribute('data-thing'))).toEqual(['demo-plzen-03', 'demo-olomouc-02']);
    expect(rows[0]?.textContent).toContain('Kritické výstrahy: 1');
    expect(rows[1]?.textContent).toContain('Varování: 2');
  });
});
