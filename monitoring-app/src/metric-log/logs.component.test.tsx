import React from 'react';
import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { ApiError, HelioProviders, apiPost } from '@helio/shared-utils';
import { apiPost as mockedApiPost } from '@helio/shared-utils/mock';
import { __fixtures, __setSignedIn } from '@helio/shared-utils/mock';
import LogsPage from './logs.component';

async function renderLogs() {
  render(
    <HelioProviders>
      <MemoryRouter future={{ v7_startTransition: true, v7_relativeSplatPath: true }}>
        <LogsPage />
      </MemoryRouter>
    </HelioProviders>,
  );
  await act(() => Promise.resolve());
}

beforeEach(() => __setSignedIn());

describe('the metric logs page', () => {
  it('lists the active plant’s metrics with label, unit, last value and a link to each history', async () => {
    const fresh = new Date().toISOString();
    mockedApiPost.mockImplementation(async (path: string) => {
      if (path === 'plant/list') return __fixtures.plants();
      return {
        rows: [
          { metricKey: 'ActPwrPve', unit: 'W', lastValue: 3200, lastTime: fresh },
          { metricKey: 'EnergyPveTotal', unit: 'kWh', lastValue: 1234.5, lastTime: '2020-01-01T00:00:00.000Z' },
        ],
      };
    });
    await renderLogs();
    expect(apiPost).toHaveBeenCalledWith('metric/list', { plant: 'plant-1' }, expect.anything());
    const pv = await screen.findByTestId('logs-row-ActPwrPve');
    expect(within(pv).getByRole('link', { name: 'Výkon FVE' }).getAttribute('href')).toBe('/logs/ActPwrPve');
    expect(pv.textContent).toContain('3,2\u00a0kW');
    expect(within(pv).queryByText('Zastaralé')).toBeNull();
    const energy = screen.getByTestId('logs-row-EnergyPveTotal');
    expect(energy.textContent).toContain('1\u00a0234,5\u00a0kWh');
    expect(within(energy).getByText('Zastaralé')).toBeTruthy(); // reported years ago
  });

  it('says so when the gateway has reported nothing yet', async () => {
    mockedApiPost.mockImplementation(async (path: string) => {
      if (path === 'plant/list') return __fixtures.plants();
      return { rows: [] };
    });
    await renderLogs();
    expect((await screen.findByTestId('logs-empty')).textContent).toContain('Zatím žádné veličiny');
  });

  it('shows a failed load with a retry that asks again', async () => {
    let calls = 0;
    mockedApiPost.mockImplementation(async (path: string) => {
      if (path === 'plant/list') return __fixtures.plants();
      calls += 1;
      if (calls === 1) throw new ApiError(500, 'InternalError', 'boom');
      return { rows: [{ metricKey: 'BatSoc', unit: '%', lastValue: 64, lastTime: new Date().toISOString() }] };
    });
    await renderLogs();
    fireEvent.click(await screen.findByRole('button', { name: 'Zkusit znovu' }));
    expect((await screen.findByTestId('logs-row-BatSoc')).textContent).toContain('64\u00a0%');
  });
});
