import React from 'react';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import type { ChargerView, EvPlan, EvSessionList, OcppChargerView } from '@helio/contracts';
import { HelioAppFrame } from '@helio/shared-utils';
import { __fixtures, __setCurrentUser, __setSignedIn, apiPost } from '@helio/shared-utils/mock';
import { Root } from './root.component';
import { ocppChargerView } from './ev/test-charger';

const charger = (over: Partial<ChargerView> = {}): ChargerView => ({
  deviceId: 'dev-1',
  plantId: 'plant-1',
  plantName: 'Brno – Líšeň',
  thingName: 'gw-brno-01',
  timezone: 'Europe/Prague',
  name: 'Wallbox garáž',
  ratedPowerKw: 11,
  role: 'owner',
  connected: true,
  powerW: 4140,
  currentA: 6,
  phases: 3,
  mode: 'solar',
  minCurrentA: 6,
  maxCurrentA: 16,
  phasesSetting: 0,
  sessionKwh: 2.5,
  carSocPct: 40,
  solarSharePct: 100,
  todayKwh: 7.5,
  reportedAt: '2026-06-01T10:00:00.000Z',
  ...over,
});

/** The active plant's own charger as ev/charger/list answers it: a gateway's charger, live from the plant's report. */
// A gateway's charger with a car charging from the sun.
const own = (over: Partial<OcppChargerView> = {}): OcppChargerView =>
  ocppChargerView({
    driver: 'gateway',
    deviceId: 'dev-1',
    mode: 'solar',
    live: {
      powerW: 4140,
      currentA: 6,
      activePhases: 3,
      sessionKwh: 2.5,
      carConnected: true,
      carSocPct: 40,
      solarSharePct: 100,
      reportedAt: '2026-06-01T10:00:00.000Z',
    },
    chargePointId: 'gw-brno-01-ev1',
    name: 'Wallbox garáž',
    ocppUrl: 'ws://ems/ocpp/gw-brno-01-ev1',
    connection: null,
    hasPassword: false,
    vendor: null,
    model: null,
    ...over,
  });

const sessions: EvSessionList = {
  plantId: 'plant-1',
  truncated: false,
  months: [{ month: '2026-06', sessions: 1, energyKwh: 12.5, solarKwh: 10, costCzk: 7.5 }],
  sessions: [
    {
      start: '2026-06-01T08:00:00.000Z',
      end: '2026-06-01T11:00:00.000Z',
      energyKwh: 12.5,
      solarKwh: 10,
      solarSharePct: 80,
      costCzk: 7.5,
      avgPriceCzkKwh: 0.6,
      priceSource: 'spot',
    },
  ],
};

const plan = (reachable: boolean): EvPlan => ({
  deviceId: 'dev-1',
  chargerId: 'c-1',
  neededKwh: 20,
  plannedKwh: reachable ? 20 : 11,
  reachable,
  shortfallKwh: reachable ? 0 : 9,
  expectedFinish: '2026-06-01T14:00:00.000Z',
  expectedCostCzk: 12.4,
  solarKwh: 5,
  chargerW: 11_000,
  forecastIssuedAt: '2026-06-01T10:00:00.000Z',
  slots: [{ start: '2026-06-01T12:00:00.000Z', end: '2026-06-01T14:00:00.000Z', energyKwh: reachable ? 20 : 11 }],
  steps: [{ start: '2026-06-01T12:00:00.000Z', surplusW: 3000, priceCzkKwh: 1.2, plannedW: 11_000 }],
});

function answer(planAnswer = plan(true), chargers = [own()]) {
  apiPost.mockImplementation((async (path: string, body: unknown) => {
    if (path === 'ev/chargers')
      return {
        chargers: [
          charger(),
          charger({ deviceId: 'dev-2', plantId: 'plant-2', plantName: 'Olomouc – Sady', name: 'ABB', connected: false, powerW: 0 }),
        ],
        truncated: false,
      };
    if (path === 'ev/sessions') return sessions;
    if (path === 'ev/charger/plan') return planAnswer;
    if (path === 'ev/charger/list') return { chargers, role: 'owner' };
    if (path === 'ev/charger/settings') return body;
    if (path === 'ev/charger/plan/apply') return { ok: true };
    if (path === 'ev/id-tag/list') return { idTags: [], role: 'owner' };
    if (path === 'ev/vehicle/list') return { vehicles: [], role: 'owner' };
    throw new Error(`unexpected ${path}`);
  }) as unknown as typeof apiPost);
}

beforeEach(() => {
  __setSignedIn();
  window.history.pushState({}, '', '/ev');
});

describe('/ev', () => {
  it('shows the active plant’s charger live, its sessions with month totals, and the fleet', async () => {
    answer();
    render(
      <HelioAppFrame>
        <Root />
      </HelioAppFrame>,
    );
    // The page is a lazy chunk: the first render compiles it, which can take a while on a busy machine.
    const card = await screen.findByTestId('charger-c-1');
    expect(within(card).getByTestId('charger-connected').textContent).toBe('Auto připojeno');
    expect(within(card).getByTestId('charger-power').textContent).toMatch(/4,14\s*kW/);
    expect(within(card).getByTestId('charger-solar').textContent).toMatch(/100\s*%/);
    const rows = await screen.findAllByTestId('session-row');
    expect(rows).toHaveLength(1);
    expect(within(rows[0]).getByTestId('session-solar').textContent).toMatch(/80\s*%/);
    expect(screen.getByTestId('month-totals').textContent).toContain('2026-06');
    expect(within(screen.getByTestId('fleet')).getAllByTestId('fleet-row')).toHaveLength(2);
    expect(within(card).getByTestId('charger-soc').textContent).toMatch(/40\s*%/);
    // Only the active plant's chargers get a card; another plant's is in the fleet.
    expect(screen.getAllByTestId(/^charger-c-/)).toHaveLength(1);
  });

  it('sets the mode and phases as the charger’s own settings', async () => {
    answer();
    render(
      <HelioAppFrame>
        <Root />
      </HelioAppFrame>,
    );
    const mode = await screen.findByLabelText('Režim');
    fireEvent.change(mode, { target: { value: 'fast' } });
    await waitFor(() => expect(apiPost).toHaveBeenCalledWith('ev/charger/settings', { chargerId: 'c-1', mode: 'fast', phases: 0 }));
    fireEvent.change(screen.getByLabelText('Fáze', { selector: 'select' }), { target: { value: '1' } });
    await waitFor(() => expect(apiPost).toHaveBeenCalledWith('ev/charger/settings', { chargerId: 'c-1', mode: 'solar', phases: 1 }));
    expect(apiPost.mock.calls.map(([path]) => path)).not.toContain('iot/thing/shadow/desired');
    // A gateway's charger has no home-battery priority: its gateway runs its charging.
    expect(screen.queryByTestId('charger-battery-first')).toBeNull();
  });

  it('sets an OCPP charger’s home-battery priority by its label, keeping its mode and phases', async () => {
    answer(plan(true), [own({ driver: 'ocpp', hasPassword: true, batteryFirstBelowPct: 37 })]);
    render(
      <HelioAppFrame>
        <Root />
      </HelioAppFrame>,
    );
    const select = await screen.findByLabelText<HTMLSelectElement>('Nejdřív domácí baterie pod');
    // A whole percent set through the API off the 5 % steps still shows as it is.
    expect(select.value).toBe('37');
    expect(select.selectedOptions[0]?.textContent).toMatch(/37\s*%/);
    expect([...select.options].map((o) => o.value)).toEqual(expect.arrayContaining(['0', '5', '35', '37', '40', '100']));
    expect(select.options[0]?.textContent).toBe('Vypnuto');
    select.focus();
    expect(document.activeElement).toBe(select);
    fireEvent.change(select, { target: { value: '50' } });
    await waitFor(() =>
      expect(apiPost).toHaveBeenCalledWith('ev/charger/settings', { chargerId: 'c-1', mode: 'solar', phases: 0, batteryFirstBelowPct: 50 }),
    );
    fireEvent.change(select, { target: { value: '0' } });
    await waitFor(() =>
      expect(apiPost).toHaveBeenCalledWith('ev/charger/settings', { chargerId: 'c-1', mode: 'solar', phases: 0, batteryFirstBelowPct: 0 }),
    );
  });

  it('plans a charge and says plainly when it cannot be reached in time', async () => {
    answer(plan(false));
    render(
      <HelioAppFrame>
        <Root />
      </HelioAppFrame>,
    );
    fireEvent.click(await screen.findByTestId('plan-compute'));
    expect((await screen.findByTestId('plan-unreachable')).textContent).toContain('Do odjezdu nelze stihnout');
    expect(within(screen.getByTestId('plan-slots')).getAllByRole('listitem')).toHaveLength(1);
    expect(apiPost).toHaveBeenCalledWith('ev/charger/plan', expect.objectContaining({ chargerId: 'c-1', targetKwh: 20 }));
    fireEvent.click(screen.getByTestId('plan-apply'));
    await waitFor(() =>
      expect(apiPost).toHaveBeenCalledWith('ev/charger/plan/apply', {
        chargerId: 'c-1',
        slots: [[Date.parse('2026-06-01T12:00:00.000Z'), Date.parse('2026-06-01T14:00:00.000Z')]],
      }),
    );
  });

  it('plans a charge for an OCPP charger added without a device, by its charger id', async () => {
    answer(plan(true), [own({ driver: 'ocpp', deviceId: null })]);
    render(
      <HelioAppFrame>
        <Root />
      </HelioAppFrame>,
    );
    fireEvent.click(await screen.findByTestId('plan-compute'));
    expect(await screen.findByTestId('plan-reachable')).toBeTruthy();
    expect(apiPost).toHaveBeenCalledWith('ev/charger/plan', expect.objectContaining({ chargerId: 'c-1', targetKwh: 20 }));
  });

  it('keeps the settings read-only for a user without devices:control', async () => {
    __setCurrentUser({ ...__fixtures.currentUser(), permissions: ['plants:read', 'devices:read', 'metrics:read'] });
    answer();
    render(
      <HelioAppFrame>
        <Root />
      </HelioAppFrame>,
    );
    expect(((await screen.findByLabelText('Režim')) as HTMLSelectElement).disabled).toBe(true);
  });
});
