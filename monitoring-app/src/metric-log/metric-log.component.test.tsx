import React from 'react';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { ApiError, HelioProviders, type TimeSeriesParams, type TimeSeriesRow } from '@helio/shared-utils';
import { apiPost, downloadCsv } from '@helio/shared-utils/mock';
import { __fixtures, __setSignedIn } from '@helio/shared-utils/mock';
import MetricLogPage from './metric-log.component';

// uPlot draws on a canvas jsdom does not have: the shared-utils mock's MetricChart says how many
// points it was given; the real chart is drawn in the e2e journey.

const row = (time: string, avg: number): TimeSeriesRow => ({
  time,
  metricKey: 'ActPwrPve',
  avg,
  min: avg - 100,
  max: avg + 100,
  last: avg,
  count: 180,
  energyKwh: avg / 4000,
});
const ROWS = [row('2026-06-15T10:00:00.000Z', 3000), row('2026-06-15T10:15:00.000Z', 3400)];

let seriesAnswer: () => Promise<{ rows: TimeSeriesRow[] }>;
const seriesCalls = () =>
  apiPost.mock.calls.filter(([path]) => path === 'metric/time-series').map(([, body]) => (body as { pgParams: TimeSeriesParams }).pgParams);

async function renderMetricLog(key = 'ActPwrPve') {
  render(
    <HelioProviders>
      <MemoryRouter initialEntries={[`/logs/${key}`]} future={{ v7_startTransition: true, v7_relativeSplatPath: true }}>
        <Routes>
          <Route path="/logs/:metricKey" element={<MetricLogPage />} />
        </Routes>
      </MemoryRouter>
    </HelioProviders>,
  );
  await act(() => Promise.resolve());
}

beforeEach(() => {
  __setSignedIn();
  seriesAnswer = async () => ({ rows: ROWS });
  apiPost.mockImplementation(async (path: string) => {
    if (path === 'plant/list') return __fixtures.plants();
    return seriesAnswer();
  });
});

describe('one metric’s history', () => {
  it('asks for the active plant’s last 24 hours at 15 minutes with the tenant, gateway and plant ids', async () => {
    await renderMetricLog();
    await screen.findByTestId('series-table');
    const [params] = seriesCalls();
    expect(params).toMatchObject({
      tenantId: 'tenant-1',
      gatewayId: 'gw-brno-01',
      plantId: 'plant-1',
      metricKeys: ['ActPwrPve'],
      granularity: '15m',
    });
    expect(Date.parse(params.endTime) - Date.parse(params.startTime)).toBe(24 * 3600 * 1000);
    expect(screen.getByTestId('metric-chart').textContent).toBe('2 points');
    expect(screen.getAllByRole('row')).toHaveLength(3); // header + two buckets
    expect(screen.getByRole('heading', { level: 1 }).textContent).toContain('Výkon FVE');
  });

  it('offers only granularities the range allows and keeps a valid one when the range changes', async () => {
    await renderMetricLog();
    await screen.findByTestId('series-table');
    fireEvent.click(screen.getByTestId('range-week'));
    await act(() => Promise.resolve());
    const options = Array.from(screen.getByTestId('granularity').querySelectorAll('option')).map((o) => o.value);
    expect(options).toEqual(['15m', '1h', '1d']);
    expect(seriesCalls().at(-1)?.granularity).toBe('15m');
    fireEvent.click(screen.getByTestId('range-year'));
    await act(() => Promise.resolve());
    expect(seriesCalls().at(-1)?.granularity).toBe('1d');
  });

  it('exports exactly the rows the API answered as CSV', async () => {
    await renderMetricLog();
    await screen.findByTestId('series-table');
    fireEvent.click(screen.getByTestId('export-csv'));
    const [fileName, csv] = downloadCsv.mock.calls[0];
    expect(fileName).toMatch(/^Brno-Lisen_ActPwrPve_15m_\d{4}-\d\d-\d\d(_\d{4}-\d\d-\d\d)?\.csv$/);
    expect(csv.split('\r\n').slice(1, 3)).toEqual([
      '2026-06-15T12:00:00+02:00,ActPwrPve,3000,2900,3100,3000,180,0.75',
      '2026-06-15T12:15:00+02:00,ActPwrPve,3400,3300,3500,3400,180,0.85',
    ]);
  });

  it('shows an empty range as such, with export disabled', async () => {
    seriesAnswer = async () => ({ rows: [] });
    await renderMetricLog();
    expect((await screen.findByTestId('series-empty')).textContent).toContain('V tomto rozsahu nejsou data');
    expect((screen.getByTestId('export-csv') as HTMLButtonElement).disabled).toBe(true);
  });

  it('shows a long series 200 rows at a time, and still exports all of them', async () => {
    const start = Date.parse('2026-01-01T00:00:00Z');
    seriesAnswer = async () => ({ rows: Array.from({ length: 450 }, (_, i) => row(new Date(start + i * 3_600_000).toISOString(), i)) });
    await renderMetricLog();
    await screen.findByTestId('series-table');
    expect(screen.getAllByRole('row')).toHaveLength(201);
    expect(screen.getByTestId('series-pager').textContent).toContain('Řádky 1–200 z 450');
    expect((screen.getByTestId('series-previous') as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(screen.getByTestId('series-next'));
    fireEvent.click(screen.getByTestId('series-next'));
    expect(screen.getAllByRole('row')).toHaveLength(51);
    expect(screen.getByTestId('series-pager').textContent).toContain('Řádky 401–450 z 450');
    expect((screen.getByTestId('series-next') as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(screen.getByTestId('export-csv'));
    expect((downloadCsv.mock.calls.at(-1) as [string, string])[1].split('\r\n').filter(Boolean)).toHaveLength(451);
  });

  it('shows the server’s refusal in the user’s language, not the server’s English', async () => {
    seriesAnswer = async () => {
      throw new ApiError(400, 'BadRequest', 'Unknown metric key: Nope');
    };
    await renderMetricLog('Nope');
    const panel = (await screen.findByTestId('error-panel')).textContent;
    expect(panel).toContain('Požadavek není platný.');
    expect(panel).not.toContain('Unknown metric key');
  });
});
