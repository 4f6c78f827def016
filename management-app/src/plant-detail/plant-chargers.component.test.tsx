import React from 'react';
import { act, fireEvent, render, screen, within } from '@testing-library/react';
import type { ChargerLogin, OcppChargerView } from '@helio/contracts';
import { ApiError, HelioAppFrame } from '@helio/shared-utils';
import { __fixtures, __setCurrentUser, __setSignedIn, apiPost, queryClient } from '@helio/shared-utils/mock';
import { plantDetail, registryPlant } from '../testing/fixtures';
import { Root } from '../root.component';
import { centralSystemUrl } from './charger-login.component';

const PLANT = plantDetail();
const charger = (overrides: Partial<OcppChargerView> = {}): OcppChargerView => ({
  chargerId: 'c-1',
  plantId: PLANT.id,
  chargePointId: 'WB-garage',
  name: 'Garáž',
  ocppUrl: 'ws://ems.example.com/ocpp/WB-garage',
  connection: 'online',
  connectionAt: '2026-11-28T10:00:00.000Z',
  hasPassword: true,
  vendor: 'Wallbox',
  model: 'Pulsar Plus',
  serial: 'WB-1',
  firmware: '6.4.12',
  bootedAt: '2026-11-28T10:00:01.000Z',
  lastHeartbeatAt: '2026-11-28T10:05:00.000Z',
  minCurrentA: 6,
  maxCurrentA: 16,
  hwMaxCurrentA: 16,
  freeCharging: false,
  batteryFirstBelowPct: 0,
  priceLimitCzkKwh: null,
  priceNowCzkKwh: null,
  vehicleId: null,
  weeklyPlan: null,
  nextDeparture: null,
  driver: 'ocpp',
  deviceId: null,
  mode: 'fast',
  phases: 0,
  hwPhases: 3,
  live: {
    powerW: 0,
    currentA: 0,
    activePhases: 0,
    sessionKwh: 0,
    carConnected: null,
    carSocPct: null,
    solarSharePct: null,
    reportedAt: null,
  },
  transactionId: null,
  connectors: [{ connectorId: 1, status: 'Faulted', errorCode: 'GroundFailure', info: 'RCD', statusAt: '2026-11-28T10:04:00.000Z' }],
  ...overrides,
});
const LOGIN: ChargerLogin = {
  chargerId: 'c-new',
  ocppUrl: 'ws://ems.example.com/ocpp/ABB-1',
  password: '0123456789abcdef0123456789abcdef01234567',
};

type Post = (path: string, body: unknown) => Promise<unknown>;
let server: Post;
let chargers: OcppChargerView[];
let role: 'viewer' | 'operator' | 'owner';
const calls = (path: string) => apiPost.mock.calls.filter(([called]) => called === path).map(([, body]) => body);
const settle = () => act(() => new Promise((resolve) => setTimeout(resolve, 0)));

beforeEach(() => {
  queryClient.clear();
  __setSignedIn();
  role = 'owner';
  chargers = [
    charger(),
    charger({
      chargerId: 'c-2',
      chargePointId: 'old-ev1',
      name: 'Stará',
      connection: null,
      hasPassword: false,
      vendor: null,
      model: null,
      firmware: null,
      lastHeartbeatAt: null,
      connectors: [],
    }),
  ];
  server = async (path, body) => {
    if (path === 'plant/list') return __fixtures.plants();
    if (path === 'hono/plants/get') return registryPlant();
    if (path === 'plant/detail') return PLANT;
    if (path === 'device/list') return [];
    if (path === 'ev/charger/list') return { chargers, role };
    if (path === 'ev/charger/add') return LOGIN;
    if (path === 'ev/charger/remove') {
      chargers = chargers.filter((c) => c.chargerId !== (body as { chargerId: string }).chargerId);
      return { ok: true };
    }
    if (path === 'ev/charger/password/rotate') return { ...LOGIN, chargerId: (body as { chargerId: string }).chargerId };
    throw new Error(`unexpected ${path}`);
  };
  apiPost.mockImplementation(((path: string, body: unknown) => server(path, body)) as unknown as typeof apiPost);
});

const atDevices = () => {
  window.history.pushState({}, '', '/management/plants/p-brno?tab=devices');
  return render(
    <HelioAppFrame>
      <Root />
    </HelioAppFrame>,
  );
};

describe('the plant’s OCPP chargers', () => {
  it('lists each charger with its connection, vendor, model, firmware, heartbeat and connectors', async () => {
    atDevices();
    const rows = await screen.findAllByTestId('charger-row');
    expect(rows.map((r) => r.getAttribute('data-charge-point-id'))).toEqual(['WB-garage', 'old-ev1']);
    const first = within(rows[0] as HTMLElement);
    expect(first.getByTestId('charger-state').textContent).toBe('připojena');
    expect(first.getByTestId('charger-vendor').textContent).toBe('Wallbox');
    expect(first.getByTestId('charger-model').textContent).toBe('Pulsar Plus');
    expect(first.getByTestId('charger-firmware').textContent).toBe('6.4.12');
    expect(first.getByTestId('charger-connector').textContent).toBe('#1 porucha (GroundFailure)');
    expect(rows[0]?.textContent).toMatch(/28\.11\.26/);
    expect(within(rows[1] as HTMLElement).getByTestId('charger-state').textContent).toBe('bez hesla');
    expect(calls('ev/charger/list')).toEqual([{ plantId: 'p-brno' }]);
  });

  it('checks the new charger’s id before sending, then shows its OCPP URL and password once', async () => {
    atDevices();
    fireEvent.click(await screen.findByTestId('charger-add'));
    fireEvent.change(screen.getByTestId('charger-chargePointId'), { target: { value: 'ABB 1' } });
    fireEvent.click(screen.getByTestId('charger-add-submit'));
    expect(await screen.findByText('Povolena jsou jen písmena, číslice a . _ ~ -')).toBeTruthy();
    expect(screen.getByText('Povinné')).toBeTruthy();
    expect(calls('ev/charger/add')).toEqual([]);
    fireEvent.change(screen.getByTestId('charger-chargePointId'), { target: { value: 'ABB-1' } });
    fireEvent.change(screen.getByTestId('charger-name'), { target: { value: '  Terra AC ' } });
    fireEvent.click(screen.getByTestId('charger-add-submit'));
    expect(((await screen.findByTestId('charger-password')) as HTMLInputElement).value).toBe(LOGIN.password);
    expect(calls('ev/charger/add')).toEqual([{ plantId: 'p-brno', chargePointId: 'ABB-1', name: 'Terra AC' }]);
    expect((screen.getByTestId('charger-ocpp-url') as HTMLInputElement).value).toBe('ws://ems.example.com/ocpp/ABB-1');
    expect((screen.getByTestId('charger-central-system-url') as HTMLInputElement).value).toBe('ws://ems.example.com/ocpp');
    expect(screen.getByRole('button', { name: 'Kopírovat: Heslo' })).toBeTruthy();
    // The password lives in the dialog only: closing it forgets it, and the cache never had it.
    fireEvent.click(screen.getByTestId('charger-login-done'));
    await settle();
    expect(screen.queryByTestId('charger-password')).toBeNull();
    expect(
      JSON.stringify(
        queryClient
          .getQueryCache()
          .getAll()
          .map((q) => q.state.data),
      ),
    ).not.toContain(LOGIN.password);
  });

  it('shows a charge point id in use at its field', async () => {
    const base = server;
    server = async (path, body) => {
      if (path === 'ev/charger/add')
        throw new ApiError(409, 'Conflict', 'This charge point id is already in use', { field: 'chargePointId' });
      return base(path, body);
    };
    atDevices();
    fireEvent.click(await screen.findByTestId('charger-add'));
    fireEvent.change(screen.getByTestId('charger-chargePointId'), { target: { value: 'WB-garage' } });
    fireEvent.change(screen.getByTestId('charger-name'), { target: { value: 'Dvojník' } });
    fireEvent.click(screen.getByTestId('charger-add-submit'));
    expect(await screen.findByText('Toto ID nabíjecího bodu už je použito')).toBeTruthy();
  });

  it('removes a charger only after the confirmation', async () => {
    atDevices();
    const rows = await screen.findAllByTestId('charger-row');
    fireEvent.click(within(rows[0] as HTMLElement).getByTestId('charger-remove'));
    expect((await screen.findByTestId('charger-remove-question')).textContent).toContain('Garáž');
    expect(calls('ev/charger/remove')).toEqual([]);
    fireEvent.click(screen.getByRole('button', { name: 'Odebrat' }));
    await settle();
    expect(calls('ev/charger/remove')).toEqual([{ chargerId: 'c-1' }]);
    expect((await screen.findAllByTestId('charger-row')).map((r) => r.getAttribute('data-charge-point-id'))).toEqual(['old-ev1']);
  });

  it('issues a new password only after the confirmation and shows it once', async () => {
    atDevices();
    const rows = await screen.findAllByTestId('charger-row');
    fireEvent.click(within(rows[1] as HTMLElement).getByRole('button', { name: 'Nové heslo pro Stará' }));
    expect(await screen.findByTestId('charger-rotate-question')).toBeTruthy();
    expect(calls('ev/charger/password/rotate')).toEqual([]);
    fireEvent.click(screen.getByRole('button', { name: 'Vydat nové heslo' }));
    expect(((await screen.findByTestId('charger-password')) as HTMLInputElement).value).toBe(LOGIN.password);
    expect((screen.getByTestId('charger-login-id') as HTMLInputElement).value).toBe('old-ev1');
    expect(calls('ev/charger/password/rotate')).toEqual([{ chargerId: 'c-2' }]);
  });

  it('offers no changes to someone who may only read plants, and no section without the ev module', async () => {
    __setCurrentUser({ ...__fixtures.currentUser(), permissions: ['plants:read', 'devices:read'] });
    const { unmount } = atDevices();
    await screen.findAllByTestId('charger-row');
    expect(screen.queryByTestId('charger-add')).toBeNull();
    expect(screen.queryByTestId('charger-remove')).toBeNull();
    expect(screen.queryByTestId('charger-rotate')).toBeNull();
    unmount();
    queryClient.clear();
    // May change plants, but only operates this one.
    __setCurrentUser(__fixtures.currentUser());
    role = 'operator';
    const second = atDevices();
    await screen.findAllByTestId('charger-row');
    expect(screen.queryByTestId('charger-add')).toBeNull();
    second.unmount();
    queryClient.clear();
    apiPost.mockClear();
    __setCurrentUser({ ...__fixtures.currentUser(), modules: ['management'] });
    atDevices();
    expect(await screen.findByTestId('plant-devices')).toBeTruthy();
    expect(screen.queryByTestId('plant-chargers')).toBeNull();
    expect(calls('ev/charger/list')).toEqual([]);
  });

  it('makes the central system URL from the OCPP URL', () => {
    expect(centralSystemUrl('wss://ems.example.com/ocpp/CP-1')).toBe('wss://ems.example.com/ocpp');
  });
});
