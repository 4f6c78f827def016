import React from 'react';
import { render, screen, within } from '@testing-library/react';
import type { ForecastAccuracy, PlantForecast } from '@helio/contracts';
import { __fixtures, __setCurrentUser, __setSignedIn, apiPost } from '@helio/shared-utils/mock';
import { HelioAppFrame } from '@helio/shared-utils';
import { Root } from './root.component';

const start = Date.parse('2026-06-01T10:00:00Z');
const points: PlantForecast['points'] = Array.from({ length: 192 }, (_, i) => ({
  time: new Date(start + i * 900_000).toISOString(),
  pvW: 3000,
  pvP10W: 2000,
  pvP90W: 3500,
  loadW: 500,
  loadP10W: 400,
  loadP90W: 700,
  surplusW: 2500,
  surplusP10W: 1300,
  surplusP90W: 3100,
}));

const forecast = (overrides: Partial<PlantForecast> = {}): PlantForecast => ({
  plantId: 'plant-1',
  issuedAt: '2026-06-01T10:00:20.000Z',
  source: 'offline',
  weatherFailure: null,
  bandsFrom: 'history',
  performanceFactor: 0.8,
  peakKw: 9.8,
  timeZone: 'Europe/Prague',
  stepMinutes: 15,
  points,
  tomorrow: { date: '2026-06-02', pvKwh: 41.2, loadKwh: 12, surplusKwh: 29.2 },
  bestHours: [{ start: '2026-06-01T11:00:00.000Z', end: '2026-06-01T12:00:00.000Z', reason: 'surplus', surplusKwh: 2.5, priceCzkKwh: 1.2 }],
  ...overrides,
});

const accuracy: ForecastAccuracy = {
  plantId: 'plant-1',
  peakKw: 9.8,
  maeKw: 0.3,
  nmaePct: 3.1,
  skill: 0.21,
  days: [
    {
      date: '2026-05-31',
      issuedAt: '2026-05-30T21:00:00.000Z',
      reconstructed: true,
      forecastKwh: 30,
      actualKwh: 28,
      maeKw: 0.3,
      nmaePct: 3.1,
      persistenceMaeKw: 0.38,
      skill: 0.21,
    },
  ],
};

function answer(forecastAnswer: PlantForecast | Error) {
  apiPost.mockImplementation((async (path: string) => {
    if (path === 'forecast/get') {
      if (forecastAnswer instanceof Error) throw forecastAnswer;
      return forecastAnswer;
    }
    if (path === 'forecast/accuracy') return accuracy;
    throw new Error(`unexpected ${path}`);
  }) as unknown as typeof apiPost);
}

beforeEach(() => {
  __setSignedIn();
  window.history.pushState({}, '', '/fep');
});

describe('/fep', () => {
  it('shows the 48-hour chart, its source, tomorrow, the best hours and the accuracy table', async () => {
    answer(forecast());
    render(
      <HelioAppFrame>
        <Root />
      </HelioAppFrame>,
    );
    expect((await screen.findByTestId('forecast-chart')).textContent).toBe('192 points');
    expect(screen.getByTestId('forecast-source').textContent).toContain('Offline model');
    expect(screen.getByTestId('tomorrow-pv').textContent).toMatch(/41,2\s*kWh/);
    expect(within(screen.getByTestId('best-hours')).getByText(/přebytek 2,5\s*kWh/)).toBeTruthy();
    const table = await screen.findByTestId('accuracy-table');
    expect(within(table).getAllByTestId('accuracy-row')).toHaveLength(1);
    expect(within(table).getByText('rekonstruovaná')).toBeTruthy();
    expect(screen.getByTestId('accuracy-skill').textContent).toMatch(/^21\s%$/);
  }, 20_000); // the first test also compiles the lazy page

  it('says when the weather service failed and the offline model stood in', async () => {
    answer(forecast({ weatherFailure: 'slow' }));
    render(
      <HelioAppFrame>
        <Root />
      </HelioAppFrame>,
    );
    expect((await screen.findByTestId('weather-failure')).textContent).toContain('odpověděla příliš pomalu');
  });

  it('shows an empty state before the first forecast', async () => {
    answer(forecast({ issuedAt: null, source: null, bandsFrom: null, points: [], tomorrow: null, bestHours: [] }));
    render(
      <HelioAppFrame>
        <Root />
      </HelioAppFrame>,
    );
    expect((await screen.findByTestId('forecast-empty')).textContent).toContain('Zatím žádná předpověď');
  });

  it('shows an error with a retry when the forecast cannot be loaded', async () => {
    answer(new Error('network'));
    render(
      <HelioAppFrame>
        <Root />
      </HelioAppFrame>,
    );
    expect(await screen.findByText('Předpověď se nepodařilo načíst')).toBeTruthy();
  });

  it('shows the no-access page to a user without the fep module, and calls nothing', async () => {
    __setCurrentUser({ ...__fixtures.currentUser(), modules: ['monitoring'] });
    answer(forecast());
    render(
      <HelioAppFrame>
        <Root />
      </HelioAppFrame>,
    );
    expect(await screen.findByTestId('module-no-access')).toBeTruthy();
    expect(apiPost).not.toHaveBeenCalledWith('forecast/get', expect.anything(), expect.anything());
  });
});
