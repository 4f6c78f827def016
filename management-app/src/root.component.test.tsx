import React from 'react';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { ApiError, type FleetPageRequest, type PlantDetail, HelioAppFrame } from '@helio/shared-utils';
import {
  __fixtures,
  __setCurrentUser,
  __setShadow,
  __setSignedIn,
  apiPost,
  queryClient,
  setActivePlant,
  showToast,
} from '@helio/shared-utils/mock';
import { fleetPageOf, fleetPlant, plantDetail, registryPlant } from './testing/fixtures';
import { Root } from './root.component';

const PLANT = plantDetail({ id: 'plant-1', name: 'Brno – Líšeň', thingName: 'gw-brno-01' });
type Post = (path: string, body: unknown) => Promise<unknown>;
let server: Post;

beforeEach(() => {
  queryClient.clear();
  __setSignedIn();
  server = async (path, body) => {
    if (path === 'plant/fleet/page') {
      const [brno, olomouc] = __fixtures.plants();
      return fleetPageOf([fleetPlant(brno), fleetPlant(olomouc, { status: 'offline', lastSeen: null })], body as FleetPageRequest);
    }
    if (path === 'hono/plants/get') return registryPlant({ id: 'plant-1' });
    if (path === 'plant/detail') return PLANT;
    if (path === 'notifications/thresholds/get') return { plantId: 'plant-1', batterySocMin: 20, pvMinPercent: 10 };
    throw new Error(`unexpected ${path}`);
  };
  apiPost.mockImplementation(((path: string, body: unknown) => server(path, body)) as unknown as typeof apiPost);
});

const at = (path: string) => {
  window.history.pushState({}, '', path);
  return render(
    <HelioAppFrame>
      <Root />
    </HelioAppFrame>,
  );
};

const field = (name: string) => document.querySelector<HTMLInputElement>(`#setting-${name}`) as HTMLInputElement;
const type = (name: string, value: string) => fireEvent.change(field(name), { target: { value } });

describe('the plants page', () => {
  it('lists the plants with their gateway status, filters by status and makes a plant active', async () => {
    at('/management/plants');
    const rows = await screen.findAllByTestId('plant-row');
    expect(rows.map((r) => r.getAttribute('data-thing'))).toEqual(['gw-brno-01', 'gw-olomouc-01']);
    expect(await screen.findByText('naposledy', { exact: false })).toBeTruthy();
    expect(screen.getAllByTestId('plant-status').map((s) => s.getAttribute('data-status'))).toEqual(['online', 'offline']);
    fireEvent.change(screen.getByTestId('plants-status'), { target: { value: 'offline' } });
    await waitFor(() => expect(screen.getAllByTestId('plant-row').map((r) => r.getAttribute('data-thing'))).toEqual(['gw-olomouc-01']));
    fireEvent.click(within(screen.getByTestId('plant-row')).getByTestId('make-active'));
    expect(setActivePlant).toHaveBeenCalledWith(expect.objectContaining({ id: 'plant-2' }));
  });

  it('shows a no-access page to a user without the management module, and asks the server nothing', async () => {
    __setCurrentUser({ ...__fixtures.currentUser(), modules: ['monitoring'] });
    const { container } = at('/management/plants');
    await act(() => new Promise((resolve) => setTimeout(resolve, 0)));
    expect(container.textContent).not.toContain('Elektrárny vaší organizace');
    expect(apiPost).not.toHaveBeenCalled();
  });
});

describe('the settings form', () => {
  it('is read-only for an operator, with the permission it lacks named, and nothing to save (the server would refuse)', async () => {
    __setCurrentUser({ ...__fixtures.currentUser(), role: 'operator', permissions: ['plants:read', 'devices:read', 'devices:control'] });
    at('/plant/plant-1/settings');
    const form = await screen.findByTestId('settings-form');
    expect(within(form).getByTestId('read-only-notice').textContent).toContain('„Správa elektráren“');
    const fields = Array.from(form.querySelectorAll('input'));
    expect(fields.length).toBeGreaterThan(5);
    expect(fields.filter((input) => !input.readOnly)).toEqual([]);
    expect(Array.from(form.querySelectorAll('select')).every((select) => select.disabled)).toBe(true);
    expect(screen.queryByTestId('settings-save')).toBeNull();
  });

  it('shows a message per wrong field, sends nothing, then saves only the changes with the loaded version', async () => {
    at('/plant/plant-1/settings');
    await screen.findByTestId('settings-form');
    type('tiltDeg', '95');
    type('batteryMaxSocPct', '105');
    fireEvent.click(screen.getByTestId('settings-save'));
    expect(await screen.findByText('Zadejte číslo od 0 do 90.')).toBeTruthy();
    expect(screen.getByText('Zadejte číslo od 0 do 100.')).toBeTruthy();
    expect(apiPost).not.toHaveBeenCalledWith('plant/update', expect.anything());

    server = async (path, body) =>
      path === 'plant/update' ? { ...PLANT, ...(body as { payload: object }).payload, version: 4 } : Promise.reject(new Error(path));
    type('tiltDeg', '30');
    type('batteryMaxSocPct', '90');
    fireEvent.click(screen.getByTestId('settings-save'));
    await waitFor(() =>
      expect(apiPost).toHaveBeenCalledWith('plant/update', {
        id: 'plant-1',
        payload: { tiltDeg: 30, batteryMaxSocPct: 90 },
        expectedVersion: 3,
      }),
    );
    await waitFor(() => expect(showToast).toHaveBeenCalledWith(expect.objectContaining({ intent: 'success' })));
  });

  it('shows the battery’s floor as the one minimum charge, read-only, with where it is set, and no second value of its own', async () => {
    __setShadow('gw-brno-01', { ...__fixtures.shadow(), state: { reported: { BatSocMin: 10 }, desired: { BatSocMin: 15 }, delta: {} } });
    at('/plant/plant-1/settings');
    await screen.findByTestId('settings-form');
    const floor = screen.getByTestId('settings-battery-floor') as HTMLInputElement;
    expect(floor.value).toMatch(/^10\s% \(požadováno 15\s%, zatím nepřevzato\)$/);
    expect(floor.readOnly).toBe(true);
    expect(screen.getByRole('link', { name: 'nastavte ji ve Vzdáleném řízení' }).getAttribute('href')).toBe('/rc');
    expect(field('batteryMinSocPct')).toBeNull();
  });

  it('on a concurrent edit keeps the user’s input, names what the other person changed, and can load their version', async () => {
    at('/plant/plant-1/settings');
    await screen.findByTestId('settings-form');
    const theirs: PlantDetail = { ...PLANT, version: 4, tariffName: 'D25d' };
    server = async (path) => {
      if (path === 'plant/update') throw new ApiError(409, 'Conflict', 'changed', { currentVersion: 4, current: theirs });
      throw new Error(path);
    };
    type('tiltDeg', '20');
    fireEvent.click(screen.getByTestId('settings-save'));
    const callout = await screen.findByTestId('settings-conflict');
    expect(callout.textContent).toContain('verze 4');
    expect(callout.textContent).toContain('Tarif');
    expect(field('tiltDeg').value).toBe('20');

    fireEvent.click(screen.getByTestId('load-theirs'));
    expect(field('tiltDeg').value).toBe('35');
    expect(field('tariffName').value).toBe('D25d');
    expect(screen.queryByTestId('settings-conflict')).toBeNull();
  });

  it('can keep the user’s input and save it over the newer version', async () => {
    at('/plant/plant-1/settings');
    await screen.findByTestId('settings-form');
    let calls = 0;
    server = async (path, body) => {
      if (path !== 'plant/update') throw new Error(path);
      calls += 1;
      if (calls === 1) throw new ApiError(409, 'Conflict', 'changed', { currentVersion: 4, current: { ...PLANT, version: 4 } });
      return { ...PLANT, ...(body as { payload: object }).payload, version: 5 };
    };
    type('tiltDeg', '20');
    fireEvent.click(screen.getByTestId('settings-save'));
    fireEvent.click(await screen.findByTestId('keep-mine'));
    fireEvent.click(screen.getByTestId('settings-save'));
    await waitFor(() =>
      expect(apiPost).toHaveBeenLastCalledWith('plant/update', { id: 'plant-1', payload: { tiltDeg: 20 }, expectedVersion: 4 }),
    );
  });
});
