import React from 'react';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { HelioProviders, startOfPlantDay, type TimeSeriesParams, type TimeSeriesRow } from '@helio/shared-utils';
import { apiPost } from '@helio/shared-utils/mock';
import { __fixtures, __setSignedIn } from '@helio/shared-utils/mock';
import StatisticsPage from './statistics.component';

// uPlot draws on a canvas jsdom does not have; the real chart is drawn in the browser journey.
jest.mock('./energy-bars.component', () => ({
  EnergyBars: ({ columns }: { columns: number[][] }) => <div data-testid="energy-bars">{columns[1].join(' ')}</div>,
}));

const counter = (metricKey: string, time: number, last: number): TimeSeriesRow => ({
  time: new Date(time).toISOString(),
  metricKey,
  avg: last,
  min: last,
  max: last,
  last,
  count: 12,
  energyKwh: null,
});

const calls = () =>
  apiPost.mock.calls.filter(([path]) => path === 'metric/time-series').map(([, body]) => (body as { pgParams: TimeSeriesParams }).pgParams);

beforeEach(() => {
  __setSignedIn();
  const dayStart = startOfPlantDay('Europe/Prague', Date.now());
  apiPost.mockImplementation(async (path: string) => {
    if (path === 'plant/list') return __fixtures.plants();
    const hour = 3_600_000;
    return {
      rows: [
        counter('EnergyPveTotal', dayStart - hour, 100),
        counter('EnergyPveTotal', dayStart, 103),
        counter('EnergyPveTotal', dayStart + hour, 110),
        counter('EnergyLoadTotal', dayStart - hour, 50),
        counter('EnergyLoadTotal', dayStart, 52),
        counter('EnergyLoadTotal', dayStart + hour, 53),
      ],
    };
  });
});

async function renderStatistics() {
  render(
    <HelioProviders>
      <StatisticsPage />
    </HelioProviders>,
  );
  await act(() => Promise.resolve());
}

describe('the statistics page', () => {
  it('asks for today’s energy counters hourly from the hour before the plant’s midnight', async () => {
    await renderStatistics();
    await screen.findByTestId('statistics-table');
    const [params] = calls();
    const dayStart = startOfPlantDay('Europe/Prague', Date.now());
    expect(params).toMatchObject({ tenantId: 'tenant-1', gatewayId: 'gw-brno-01', plantId: 'plant-1', granularity: '1h' });
    expect(params.metricKeys).toEqual(expect.arrayContaining(['EnergyPveTotal', 'EnergyLoadTotal', 'EnergyGridImportTotal']));
    expect(Date.parse(params.startTime)).toBe(dayStart - 3_600_000);
  });

  it('draws each hour’s production from the step of its counter and sums the day', async () => {
    await renderStatistics();
    expect((await screen.findByTestId('energy-bars')).textContent).toBe('3 7');
    expect(screen.getByTestId('total-produced').textContent).toContain('10\u00a0kWh');
    expect(screen.getByTestId('total-consumed').textContent).toContain('3\u00a0kWh');
  });

  it('cannot go past the current period but can go back to the previous one', async () => {
    await renderStatistics();
    await screen.findByTestId('statistics-table');
    expect((screen.getByTestId('period-next') as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(screen.getByTestId('period-previous'));
    await act(() => Promise.resolve());
    const previous = calls().at(-1) as TimeSeriesParams;
    const dayStart = startOfPlantDay('Europe/Prague', Date.now());
    expect(Date.parse(previous.endTime)).toBe(dayStart);
    expect((screen.getByTestId('period-next') as HTMLButtonElement).disabled).toBe(false);
  });

  it('shows months of a year by month', async () => {
    await renderStatistics();
    fireEvent.click(screen.getByTestId('period-year'));
    await act(() => Promise.resolve());
    expect(calls().at(-1)?.granularity).toBe('1M');
  });
});
