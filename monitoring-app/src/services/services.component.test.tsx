import React from 'react';
import { act, render, screen } from '@testing-library/react';
import { HelioProviders, type BrokerStatus, type RegistryPlant } from '@helio/shared-utils';
import { apiPost } from '@helio/shared-utils/mock';
import { __fixtures, __setShadow, __setSignedIn } from '../testing/mock-controls';
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
) {
  apiPost.mockImplementation(async (path: string) => {
    if (path === 'plant/list') return __fixtures.plants();
    if (path === 'hono/plants/get') return registry;
    if (path === 'iot/broker/status') return broker;
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
});
