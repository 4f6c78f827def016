import React from 'react';
import { act, render, screen } from '@testing-library/react';
import { HelioProviders, type BrokerStatus, type GatewayHealthAnswer, type RegistryPlant } from '@helio/shared-utils';
import { apiPost } from '@helio/shared-utils/mock';
import { __fixtures, __setShadow, __setSignedIn } from '@helio/shared-utils/mock';
import ServicesPage from './services.component';

const gateway = (over: Partial<RegistryPlant> = {}): RegistryPlant => ({
  id: 'plant-1',
  name: 'Brno – Líšeň',
  thingName: 'gw-brno-01',
  gatewayClientId: 'gw-gw-brno-01',
  hasCredentials: true,
  status: 'online',
  lastSeen: new Date().toISOString(),
  connected: true,
  connectedSince: '2026-11-23T00:00:00.000Z',
  firmware: '2.4.1',
  shadowVersion: 1234,
  tagIds: [],
  todayEnergyKwh: null,
  ...over,
});

async function renderServices(
  registry: RegistryPlant,
  broker: BrokerStatus = { connected: true, since: '2026-11-23T00:00:00.000Z', embedded: true },
  health: GatewayHealthAnswer = { connected: true, health: null },
) {
  apiPost.mockImplementation(async (path: string) => {
    if (path === 'plant/list') return __fixtures.plants();
    if (path === 'hono/plants/get') return registry;
    if (path === 'iot/broker/status') return broker;
    if (path === 'iot/gateway/health') return health;
    throw new Error(`unexpected ${path}`);
  });
  render(
    <HelioProviders>
      <ServicesPage />
    </HelioProviders>,
  );
  await act(() => Promise.resolve());
}

beforeEach(() => __setSignedIn());

describe('the services page', () => {
  it('shows the gateway online, its firmware and a live data delay in seconds', async () => {
    const shadow = __fixtures.shadow();
    const stamp = Date.now() - 12_000;
    shadow.metadata.reported = { ActPwrPve: { timestamp: stamp } };
    __setShadow('gw-brno-01', shadow);
    await renderServices(gateway());
    expect((await screen.findByTestId('gateway-status')).textContent).toBe('Online');
    expect(screen.getByText('2.4.1')).toBeTruthy();
    expect(screen.getByTestId('data-delay').textContent).toMatch(/^1[2-3] sekund/);
    expect(screen.getByTestId('data-delay-level').textContent).toBe('Živě');
    expect(screen.getByTestId('broker-status').textContent).toBe('Připojeno');
  });

  it('marks a gateway that left the broker offline, and a disconnected broker', async () => {
    const shadow = __fixtures.shadow();
    shadow.metadata.reported = { ActPwrPve: { timestamp: Date.now() - 400_000 } };
    __setShadow('gw-brno-01', shadow);
    await renderServices(gateway({ status: 'offline', connected: false }), { connected: false, since: null, embedded: false });
    expect((await screen.findByTestId('gateway-status')).textContent).toBe('Offline');
    expect(screen.getByTestId('data-delay').textContent).toMatch(/^6 minut/);
    expect(screen.getByTestId('data-delay-level').textContent).toBe('Offline');
    expect((await screen.findByTestId('broker-status')).textContent).toBe('Odpojeno');
  });

  it('shows the Helio gateway’s devices with their identity and whether each answers, its outbox and its export loop', async () => {
    const shadow = __fixtures.shadow();
    shadow.state.reported.Devices = {
      'inverter-1': { kind: 'inverter', maker: 'Fronius', model: 'Symo 10.0-3-M', serial: '31415926', firmware: '1.28.7-1' },
    };
    shadow.state.reported.ExportLimit = 6860;
    __setShadow('gw-brno-01', shadow);
    const now = Date.now();
    await renderServices(gateway(), undefined, {
      connected: true,
      health: {
        version: '0.1.0',
        at: now,
        devices: [
          { id: 'inverter-1', kind: 'inverter', address: '192.168.1.20:502 unit 1', answering: true, lastAnswerAt: now },
          { id: 'meter-1', kind: 'meter', address: '192.168.1.21:502 unit 240', answering: false, error: 'connect ECONNREFUSED' },
        ],
        buffered: 12,
        oldestBufferedAt: now - 60_000,
        dropped: 0,
        exportLimit: { mode: 'failSafe', capW: 2000 },
      },
    });
    const rows = await screen.findAllByTestId('gateway-device');
    expect(rows.map((row) => row.textContent)).toEqual([
      expect.stringMatching(/^Střídač 1Fronius Symo 10.0-3-M314159261.28.7-1192.168.1.20:502 unit 1Odpovídá/),
      expect.stringMatching(/^Elektroměr 1–––192.168.1.21:502 unit 240Neodpovídáconnect ECONNREFUSED/),
    ]);
    expect(screen.getByTestId('gateway-buffered').textContent).toMatch(/^12 · nejstarší z /);
    // the limit in force as the plant detail and /rc word it, then the gateway's loop
    expect(screen.getByTestId('gateway-export-loop').textContent).toMatch(
      /^6\s860 W · Nouzový režim: elektroměr neodpovídá · střídače omezeny na 2 kW$/,
    );
  });

  it('says so when the gateway sends no health (a simulated one)', async () => {
    __setShadow('gw-brno-01', __fixtures.shadow());
    await renderServices(gateway());
    expect((await screen.findByTestId('gateway-health-none')).textContent).toMatch(/nehlásí/);
  });
});
