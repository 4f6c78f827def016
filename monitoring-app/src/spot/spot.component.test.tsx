import React from 'react';
import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { HelioProviders, type SpotPrices } from '@helio/shared-utils';
import { apiPost, downloadCsv } from '@helio/shared-utils/mock';
import { __setSignedIn } from '@helio/shared-utils/mock';
import SpotPage from './spot.component';

// uPlot draws on a canvas jsdom does not have; the real chart is drawn in the browser.
jest.mock('./price-chart.component', () => ({
  PriceChart: ({ columns }: { columns: number[][] }) => <div data-testid="price-chart">{columns[0].length} periods</div>,
}));

const day = (date: string, prices: number[], demo = true) => ({
  date,
  demo,
  own: false,
  prices: prices.map((eurMwh, h) => ({
    start: new Date(Date.parse(`${date}T00:00:00+02:00`) + h * 3_600_000).toISOString(),
    end: new Date(Date.parse(`${date}T00:00:00+02:00`) + (h + 1) * 3_600_000).toISOString(),
    eurMwh,
    czkKwh: Math.round(eurMwh * 25) / 1000,
  })),
});

function answer(tomorrow: number[]): SpotPrices {
  return {
    area: 'CZ',
    timeZone: 'Europe/Prague',
    eurCzk: 25,
    days: [day('2026-06-15', [90, 40, 35, 50, 120, 150, 80, 30, 140]), day('2026-06-16', tomorrow)],
  };
}

async function renderSpot(prices: SpotPrices) {
  apiPost.mockImplementation(async () => prices);
  render(
    <HelioProviders>
      <SpotPage />
    </HelioProviders>,
  );
  await act(() => Promise.resolve());
}

beforeEach(() => __setSignedIn());

describe('the spot prices page', () => {
  it('marks the three cheapest and dearest hours of today in both units', async () => {
    await renderSpot(answer([]));
    const today = await screen.findByTestId('spot-day-2026-06-15');
    const rows = within(today).getAllByTestId('spot-row');
    expect(rows.map((r) => r.getAttribute('data-mark'))).toEqual([
      '',
      'cheapest',
      'cheapest',
      '',
      'dearest',
      'dearest',
      '',
      'cheapest',
      'dearest',
    ]);
    expect(rows[4].textContent).toContain('120,00');
    expect(rows[4].textContent).toContain('3,000');
    expect(within(rows[7]).getByText('Levná hodina')).toBeTruthy();
    expect(screen.getByTestId('price-chart').textContent).toBe('9 periods');
  });

  it('says tomorrow’s prices are not published yet instead of showing an empty table', async () => {
    await renderSpot(answer([]));
    expect((await screen.findByTestId('spot-day-2026-06-16')).textContent).toContain('Zatím nezveřejněno');
  });

  it('labels generated prices as demo data', async () => {
    await renderSpot(answer([50]));
    expect((await screen.findByTestId('spot-demo')).textContent).toContain('Ukázková data');
  });

  it('shows imported market prices without the demo label', async () => {
    const real = answer([50]);
    real.days = real.days.map((d) => ({ ...d, demo: false }));
    await renderSpot(real);
    await screen.findByTestId('spot-day-2026-06-15');
    expect(screen.queryByTestId('spot-demo')).toBeNull();
  });

  it('says when the prices are the organisation’s own upload, and marks them so in the CSV', async () => {
    const uploaded = answer([50]);
    uploaded.days = uploaded.days.map((d) => ({ ...d, demo: false, own: true }));
    await renderSpot(uploaded);
    expect((await screen.findByTestId('spot-own')).textContent).toContain('nahrála vaše organizace');
    expect(screen.queryByTestId('spot-demo')).toBeNull();
    fireEvent.click(screen.getByTestId('spot-export'));
    const csv = downloadCsv.mock.calls.at(-1)?.[1] ?? '';
    expect(csv.split('\r\n')[1]).toMatch(/,uploaded$/);
  });

  it('exports every period of both days as CSV', async () => {
    await renderSpot(answer([60, 70]));
    fireEvent.click(await screen.findByTestId('spot-export'));
    const [fileName, csv] = downloadCsv.mock.calls[0];
    expect(fileName).toBe('spot_CZ_2026-06-15_2026-06-16.csv');
    const lines = csv.trimEnd().split('\r\n');
    expect(lines[0]).toBe('start,end,eurMwh,czkKwh,source');
    expect(lines).toHaveLength(1 + 9 + 2);
    expect(lines[1]).toBe('2026-06-15T00:00:00+02:00,2026-06-15T01:00:00+02:00,90,2.25,demo');
  });
});
