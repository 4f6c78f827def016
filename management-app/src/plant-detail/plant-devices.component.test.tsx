import React from 'react';
import { act, fireEvent, render, screen, within, waitFor } from '@testing-library/react';
import { ApiError, type Device, type GatewayLogin, HelioAppFrame } from '@helio/shared-utils';
import { __fixtures, __setCurrentUser, __setShadow, __setSignedIn, apiPost, queryClient } from '@helio/shared-utils/mock';
import { device, plantDetail, registryPlant } from '../testing/fixtures';
import { Root } from '../root.component';

const PLANT = plantDetail();
const INVERTER = device();
const BATTERY = device({
  id: 'd-battery',
  kind: 'battery',
  name: 'Baterie',
  model: 'LUNA2000-10-S0',
  ratedPowerKw: 5,
  capacityKwh: 10,
  liveKeys: ['ActPwrBat', 'BatSoc'],
});
type Post = (path: string, body: unknown) => Promise<unknown>;
let server: Post;
let devices: Device[];
const calls = (path: string) => apiPost.mock.calls.filter(([called]) => called === path).map(([, body]) => body);

beforeEach(() => {
  queryClient.clear();
  __setSignedIn();
  devices = [INVERTER, BATTERY];
  server = async (path, body) => {
    if (path === 'plant/list') return __fixtures.plants();
    if (path === 'hono/plants/get') return registryPlant();
    if (path === 'plant/detail') return PLANT;
    if (path === 'device/list') return devices;
    if (path === 'ev/charger/list') return { chargers: [], role: 'owner' };
    if (path === 'device/get') return devices.find((d) => d.id === (body as { id: string }).id);
    if (path === 'device/delete') {
      devices = devices.filter((d) => d.id !== (body as { id: string }).id);
      return { ok: true };
    }
    if (path === 'device/create') return { ...INVERTER, ...(body as object), id: 'd-new' };
    if (path === 'plant/gateway/credentials/rotate')
      return { username: 'gw-demo-brno-01', password: 'new-secret-password-0123456789ab' } satisfies GatewayLogin;
    if (path === 'metric/time-series')
      return {
        rows: [
          {
            time: '2026-11-23T01:00:00.000Z',
            metricKey: 'ActPwrPve',
            avg: 3000,
            min: 2900,
            max: 3100,
            last: 3000,
            count: 12,
            energyKwh: 0.75,
          },
        ],
      };
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

// The page is a lazy route: compiled here, in the hook, rather than inside the first test's wait.
beforeAll(() => import('./plant-detail.component'));

describe('the devices tab', () => {
  it("lists the plant's devices by kind, an inverter linking to its page", async () => {
    at('/management/plants/p-brno?tab=devices');
    const rows = await screen.findAllByTestId('device-row');
    expect(rows.map((r) => r.getAttribute('data-kind'))).toEqual(['inverter', 'battery']);
    expect(
      within(rows[0] as HTMLElement)
        .getByRole('link', { name: 'Střídač' })
        .getAttribute('href'),
    ).toBe('/management/inverters/d-inverter');
    expect(rows[1]?.textContent).toContain('10\u00a0kWh');
    expect(calls('device/list')).toEqual([{ plantId: 'p-brno' }]);
  });

  it('says so when the plant has no devices', async () => {
    devices = [];
    at('/management/plants/p-brno?tab=devices');
    expect(await screen.findByTestId('devices-empty')).toBeTruthy();
  });

  it('checks a new device before sending it, then sends the kind, the fields and the live keys', async () => {
    at('/management/plants/p-brno?tab=devices');
    fireEvent.click(await screen.findByTestId('device-add'));
    fireEvent.change(document.querySelector('#device-kind') as HTMLSelectElement, { target: { value: 'meter' } });
    fireEvent.change(document.querySelector('#device-ratedPowerKw') as HTMLInputElement, { target: { value: '-1' } });
    fireEvent.click(screen.getByTestId('device-submit'));
    expect(await screen.findByText('Povinné')).toBeTruthy();
    expect(calls('device/create')).toEqual([]);
    fireEvent.change(document.querySelector('#device-name') as HTMLInputElement, { target: { value: 'Elektroměr' } });
    fireEvent.change(document.querySelector('#device-ratedPowerKw') as HTMLInputElement, { target: { value: '' } });
    fireEvent.click(screen.getByTestId('device-submit'));
    await waitFor(() =>
      expect(calls('device/create')).toEqual([
        expect.objectContaining({
          plantId: 'p-brno',
          kind: 'meter',
          name: 'Elektroměr',
          ratedPowerKw: null,
          capacityKwh: null,
          liveKeys: ['ActPwrGrid', 'EnergyGridImportTotal', 'EnergyGridExportTotal'],
        }),
      ]),
    );
  });

  it('sends only the changed fields of an edited device, and shows a taken serial number at its field', async () => {
    let answerUpdate: () => Promise<Device> = async () => {
      throw new ApiError(409, 'Conflict', 'A device with this serial number already exists at this plant', { field: 'serial' });
    };
    const base = server;
    server = (path, body) => (path === 'device/update' ? answerUpdate() : base(path, body));
    at('/management/plants/p-brno?tab=devices');
    const rows = await screen.findAllByTestId('device-row');
    fireEvent.click(within(rows[1] as HTMLElement).getByTestId('device-edit'));
    expect((document.querySelector('#device-kind') as HTMLSelectElement).disabled).toBe(true);
    fireEvent.change(document.querySelector('#device-serial') as HTMLInputElement, { target: { value: 'TAKEN-1' } });
    fireEvent.click(screen.getByTestId('device-submit'));
    expect(await screen.findByText('Tato elektrárna už má zařízení tohoto výrobce s tímto sériovým číslem')).toBeTruthy();
    answerUpdate = async () => ({ ...BATTERY, serial: 'HL-NEW', firmware: '2.0' });
    fireEvent.change(document.querySelector('#device-serial') as HTMLInputElement, { target: { value: 'HL-NEW' } });
    fireEvent.change(document.querySelector('#device-firmware') as HTMLInputElement, { target: { value: '2.0' } });
    fireEvent.click(screen.getByTestId('device-submit'));
    await waitFor(() =>
      expect(calls('device/update')).toEqual([
        { id: 'd-battery', payload: { serial: 'TAKEN-1' } },
        { id: 'd-battery', payload: { serial: 'HL-NEW', firmware: '2.0' } },
      ]),
    );
    await waitFor(() => expect(screen.queryByTestId('device-form')).toBeNull());
  });

  it('removes a device only after the confirmation', async () => {
    at('/management/plants/p-brno?tab=devices');
    const rows = await screen.findAllByTestId('device-row');
    fireEvent.click(within(rows[1] as HTMLElement).getByTestId('device-remove'));
    expect((await screen.findByTestId('device-remove-question')).textContent).toContain('Baterie');
    expect(calls('device/delete')).toEqual([]);
    fireEvent.click(screen.getByRole('button', { name: 'Odebrat' }));
    await waitFor(() => expect(calls('device/delete')).toEqual([{ id: 'd-battery' }]));
    expect((await screen.findAllByTestId('device-row')).map((r) => r.getAttribute('data-kind'))).toEqual(['inverter']);
  });

  it('offers no changes to someone who may only read plants', async () => {
    __setCurrentUser({ ...__fixtures.currentUser(), permissions: ['plants:read'] });
    at('/management/plants/p-brno?tab=devices');
    await screen.findAllByTestId('device-row');
    expect(screen.queryByTestId('device-add')).toBeNull();
    expect(screen.queryByTestId('device-remove')).toBeNull();
  });
});

describe('the new gateway password', () => {
  it('is issued only after the confirmation and shown once', async () => {
    at('/management/plants/p-brno');
    fireEvent.click(await screen.findByTestId('gateway-rotate'));
    expect(await screen.findByTestId('gateway-rotate-question')).toBeTruthy();
    expect(calls('plant/gateway/credentials/rotate')).toEqual([]);
    fireEvent.click(screen.getByRole('button', { name: 'Vydat nové heslo' }));
    expect(((await screen.findByTestId('gateway-password')) as HTMLInputElement).value).toBe('new-secret-password-0123456789ab');
    expect(calls('plant/gateway/credentials/rotate')).toEqual([{ id: 'p-brno' }]);
    fireEvent.click(screen.getByTestId('gateway-login-done'));
    await waitFor(() => expect(screen.queryByTestId('gateway-password')).toBeNull());
  });
});

describe('the inverter page', () => {
  it('shows the identity, the live values with their staleness, and the history chart', async () => {
    const now = Date.now();
    __setShadow('demo-brno-01', {
      state: { reported: { ActPwrPve: 3456, EnergyPveTotal: 1234.5 }, desired: {}, delta: {} },
      metadata: { desired: {}, reported: { ActPwrPve: { timestamp: now - 2_000 }, EnergyPveTotal: { timestamp: now - 120_000 } } },
      version: 4,
      timestamp: now,
      hasDelta: false,
    });
    at('/management/inverters/d-inverter');
    const identity = await screen.findByTestId('inverter-identity');
    expect(identity.textContent).toContain('SUN2000-10KTL-M1');
    expect(identity.textContent).toContain('HV2140012345');
    const live = await screen.findAllByTestId('live-value');
    expect(live.map((row) => row.getAttribute('data-key'))).toEqual(['ActPwrPve', 'EnergyPveTotal']);
    expect(within(live[0] as HTMLElement).getByTestId('live-value-text').textContent).toMatch(/3,46\s?kW/);
    expect(within(live[0] as HTMLElement).queryByTestId('live-value-stale')).toBeNull();
    expect(within(live[1] as HTMLElement).getByTestId('live-value-stale')).toBeTruthy();
    expect((await screen.findByTestId('inverter-chart')).textContent).toBe('1 points');
    expect(calls('metric/time-series')).toEqual([
      {
        pgParams: expect.objectContaining({ plantId: 'p-brno', gatewayId: 'demo-brno-01', metricKeys: ['ActPwrPve'], granularity: '15m' }),
      },
    ]);
  });

  it("says so for another tenant's or a missing inverter", async () => {
    server = async (path) => {
      if (path === 'device/get') throw new ApiError(404, 'NotFound', 'Device not found');
      throw new Error(`unexpected ${path}`);
    };
    at('/management/inverters/nope');
    expect(await screen.findByText('Tento střídač neexistuje nebo není váš')).toBeTruthy();
  });
});
