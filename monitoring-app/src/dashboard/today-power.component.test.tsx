import React from 'react';
import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { ApiError, HelioProviders, type TimeSeriesParams, type TimeSeriesRow } from '@helio/shared-utils';
import { apiPost, downloadCsv } from '@helio/shared-utils/mock';
import { __fixtures, __setShadow, __setSignedIn } from '@helio/shared-utils/mock';
import DashboardPage from './dashboard.component';
import { TODAY_POWER_REFRESH_MS } from './today-power';

// uPlot draws on a canvas jsdom does not have; the real chart is drawn in the e2e journey.
jest.mock('./today-power-chart.component', () => ({
  __esModule: true,
  default: ({ columns, metrics }: { columns: unknown[][]; metrics: string[] }) => (
    <div data-testid="today-power-chart">
      {metrics.join(',')}: {columns[0].length} points
    </div>
  ),
}));

const BRNO = 'gw-brno-01';
const row = (time: string, metricKey: string, avg: number): TimeSeriesRow => ({
  time,
  metricKey,
  avg,
  min: avg - 10,
  max: avg + 10,
  last: avg,
  count: 15,
  energyKwh: avg / 4000,
});
const ROWS = [
  row('2026-06-15T10:00:00.000Z', 'ActPwrPve', 3000),
  row('2026-06-15T10:00:00.000Z', 'ActPwrLoad', 800),
  row('2026-06-15T10:15:00.000Z', 'ActPwrPve', 3400),
  row('2026-06-15T10:15:00.000Z', 'ActPwrGrid', -2000),
  row('2026-06-15T10:15:00.000Z', 'ActPwrBat', -600),
];

let seriesAnswer: () => Promise<{ rows: TimeSeriesRow[] }>;
const seriesCalls = () =>
  apiPost.mock.calls.filter(([path]) => path === 'metric/time-series').map(([, body]) => (body as { pgParams: TimeSeriesParams }).pgParams);

async function renderDashboard() {
  render(
    <HelioProviders>
      <DashboardPage />
    </HelioProviders>,
  );
  await act(() => Promise.resolve());
}

beforeEach(() => {
  __setSignedIn();
  __setShadow(BRNO, __fixtures.shadow());
  seriesAnswer = async () => ({ rows: ROWS });
  const fallback = apiPost.getMockImplementation();
  apiPost.mockImplementation(async (path: string, body: unknown) =>
    path === 'metric/time-series' ? seriesAnswer() : fallback?.(path, body),
  );
});

afterEach(() => jest.useRealTimers());

describe("the dashboard's power chart of today", () => {
  it("asks for PV, load, grid and battery in 15-minute buckets from the plant's midnight until now", async () => {
    const before = Date.now();
    await renderDashboard();
    expect((await screen.findByTestId('today-power-chart')).textContent).toBe('ActPwrPve,ActPwrLoad,ActPwrGrid,ActPwrBat: 2 points');
    const [params] = seriesCalls();
    expect(params).toMatchObject({ tenantId: 'tenant-1', gatewayId: BRNO, plantId: 'plant-1', granularity: '15m' });
    expect(params.metricKeys).toEqual(['ActPwrPve', 'ActPwrLoad', 'ActPwrGrid', 'ActPwrBat']);
    const midnight = new Intl.DateTimeFormat('en-GB', { timeZone: 'Europe/Prague', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });
    expect(midnight.format(new Date(params.startTime))).toBe('00:00');
    expect(Date.parse(params.endTime)).toBeGreaterThanOrEqual(before);
    expect(Date.parse(params.endTime) - Date.parse(params.startTime)).toBeLessThanOrEqual(25 * 3600_000);
    expect(within(screen.getByTestId('today-power')).getByText('Dnešní výkon')).toBeTruthy();
  });

  it('asks again every minute, so the chart follows the day', async () => {
    jest.useFakeTimers({ doNotFake: ['queueMicrotask', 'nextTick', 'setImmediate'] });
    await renderDashboard();
    await act(() => Promise.resolve());
    const first = seriesCalls().length;
    expect(first).toBeGreaterThanOrEqual(1);
    await act(async () => {
      jest.advanceTimersByTime(TODAY_POWER_REFRESH_MS);
    });
    expect(seriesCalls().length).toBe(first + 1);
  });

  it('exports exactly the charted rows as CSV', async () => {
    await renderDashboard();
    await screen.findByTestId('today-power-chart');
    fireEvent.click(screen.getByTestId('today-power-export'));
    const [fileName, csv] = downloadCsv.mock.calls.at(-1) as [string, string];
    expect(fileName).toMatch(/^Brno-Lisen_power_15m_\d{4}-\d\d-\d\d(_\d{4}-\d\d-\d\d)?\.csv$/);
    expect(csv.split('\r\n').slice(1).filter(Boolean)).toEqual([
      '2026-06-15T12:00:00+02:00,ActPwrPve,3000,2990,3010,3000,15,0.75',
      '2026-06-15T12:00:00+02:00,ActPwrLoad,800,790,810,800,15,0.2',
      '2026-06-15T12:15:00+02:00,ActPwrPve,3400,3390,3410,3400,15,0.85',
      '2026-06-15T12:15:00+02:00,ActPwrGrid,-2000,-2010,-1990,-2000,15,-0.5',
      '2026-06-15T12:15:00+02:00,ActPwrBat,-600,-610,-590,-600,15,-0.15',
    ]);
  });

  it('says so when nothing was reported since midnight, with export disabled', async () => {
    seriesAnswer = async () => ({ rows: [] });
    await renderDashboard();
    expect((await screen.findByTestId('today-power-empty')).textContent).toContain('Dnes zatím žádný výkon');
    expect((screen.getByTestId('today-power-export') as HTMLButtonElement).disabled).toBe(true);
  });

  it('offers a retry when the day cannot be loaded', async () => {
    seriesAnswer = async () => {
      throw new ApiError(500, 'InternalError', 'boom');
    };
    await renderDashboard();
    const panel = await within(screen.getByTestId('today-power')).findByTestId('error-panel');
    expect(panel.textContent).toContain('Dnešní výkon se nepodařilo načíst');
    seriesAnswer = async () => ({ rows: ROWS });
    fireEvent.click(within(panel).getByRole('button'));
    expect(await screen.findByTestId('today-power-chart')).toBeTruthy();
  });
});
