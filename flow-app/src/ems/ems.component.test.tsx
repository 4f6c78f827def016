import React from 'react';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { ApiError, HelioProviders, type Shadow } from '@helio/shared-utils';
import { __fixtures, __setPlants, __setShadow, __setSignedIn, apiPost } from '@helio/shared-utils/mock';
import { installXyflowJsdom } from '../testing/xyflow-jsdom';
import EmsPage from './ems.component';

const BRNO = 'gw-brno-01'; // plant-1 of the fixtures: battery and charger
const text = (testId: string) => (screen.getByTestId(testId).textContent ?? '').replace(/\u00a0/g, ' ');

async function renderEms() {
  render(
    <HelioProviders>
      <EmsPage />
    </HelioProviders>,
  );
  await act(() => Promise.resolve());
}

function counterRows(): Array<{ metricKey: string; min: number; max: number }> {
  return [
    { metricKey: 'EnergyPveTotal', min: 1000, max: 1020 },
    { metricKey: 'EnergyGridExportTotal', min: 300, max: 305 },
    { metricKey: 'EnergyGridImportTotal', min: 400, max: 403 },
    { metricKey: 'EnergyLoadTotal', min: 800, max: 814 },
    { metricKey: 'EnergyEvTotal', min: 50, max: 51 },
  ];
}

beforeAll(installXyflowJsdom);

beforeEach(() => {
  localStorage.clear();
  __setSignedIn();
});

describe('the energy management page', () => {
  it('shows the flow, the battery and its operating mode, and today’s balance', async () => {
    __setShadow(BRNO, __fixtures.shadow({ ActPwrBat: -1200, BatSoc: 64, OperMode: 'self-consumption' }));
    apiPost.mockImplementation(async (path) => {
      if (path !== 'metric/time-series') throw new ApiError(404, 'NotFound', path);
      return {
        rows: counterRows().map((r) => ({ ...r, time: '2026-11-22T23:00:00Z', avg: r.max, last: r.max, count: 10, energyKwh: null })),
      };
    });
    await renderEms();
    for (const id of ['pv', 'grid', 'core', 'charger', 'battery']) expect(screen.getByTestId(`flow-node-${id}`)).toBeTruthy();
    expect(text('ems-battery-soc')).toBe('64 %');
    expect(text('ems-battery-power')).toBe('1,2 kW');
    expect(text('ems-battery-state')).toBe('nabíjí se');
    expect(text('ems-oper-mode')).toBe('Vlastní spotřeba');
    await screen.findByTestId('balance-produced');
    expect(text('balance-produced')).toBe('Vyrobeno20,0 kWh');
    expect(text('balance-consumed')).toBe('Spotřebováno15,0 kWh');
    expect(text('balance-selfConsumptionPct')).toBe('Míra vlastní spotřeby75 %');
    expect(text('balance-autarkyPct')).toBe('Soběstačnost80 %');
    const request = apiPost.mock.calls.find(([path]) => path === 'metric/time-series')?.[1] as { pgParams: Record<string, unknown> };
    expect(request.pgParams).toMatchObject({ tenantId: 'tenant-1', gatewayId: BRNO, plantId: 'plant-1', granularity: '1d' });
    expect(Date.parse(request.pgParams.startTime as string)).toBeLessThan(Date.parse(request.pgParams.endTime as string));
  });

  it('keeps the rest of the page working while the balance cannot be loaded', async () => {
    __setShadow(BRNO, __fixtures.shadow());
    apiPost.mockRejectedValue(new ApiError(404, 'NotFound', 'no route'));
    await renderEms();
    await screen.findByTestId('balance-error');
    expect(screen.getByTestId('ems-battery')).toBeTruthy();
  });

  it('asks the device for another operating mode and shows it pending until reported', async () => {
    const reported = __fixtures.shadow({ OperMode: 'self-consumption' });
    const pending: Shadow = {
      ...reported,
      hasDelta: true,
      state: { ...reported.state, desired: { OperMode: 'backup' }, delta: { OperMode: 'backup' } },
    };
    __setShadow(BRNO, reported);
    apiPost.mockImplementation(async (path) => {
      if (path === 'iot/thing/shadow/desired') {
        __setShadow(BRNO, pending);
        return pending;
      }
      throw new ApiError(404, 'NotFound', path);
    });
    await renderEms();
    fireEvent.change(screen.getByTestId('ems-oper-mode-select'), { target: { value: 'backup' } });
    await act(async () => fireEvent.click(screen.getByTestId('ems-oper-mode-apply')));
    expect(apiPost).toHaveBeenCalledWith('iot/thing/shadow/desired', { thingName: BRNO, desiredKey: 'OperMode', desiredState: 'backup' });
    expect(text('ems-oper-mode-pending')).toBe('Čeká na potvrzení zařízením: Záloha');
    expect(text('ems-oper-mode')).toBe('Vlastní spotřeba');
  });

  it('says so when the user may not change device settings', async () => {
    __setShadow(BRNO, __fixtures.shadow());
    apiPost.mockRejectedValue(new ApiError(403, 'Forbidden', 'no devices:control'));
    await renderEms();
    fireEvent.change(screen.getByTestId('ems-oper-mode-select'), { target: { value: 'idle' } });
    await act(async () => fireEvent.click(screen.getByTestId('ems-oper-mode-apply')));
    expect(await screen.findByTestId('ems-oper-mode-error')).toBeTruthy();
    expect(text('ems-oper-mode-error')).toMatch(/oprávnění/);
  });

  it('shows a clear empty state without a plant', async () => {
    __setPlants([]);
    await renderEms();
    expect(screen.getByTestId('flow-no-plant')).toBeTruthy();
  });
});
