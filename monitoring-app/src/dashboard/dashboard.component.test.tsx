import React from 'react';
import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { ApiError, HelioProviders, i18n, queryClient, setActivePlant, type Shadow } from '@helio/shared-utils';
import { __fixtures, __setPlants, __setShadow, __setSignedIn } from '@helio/shared-utils/mock';
import { apiPost } from '@helio/shared-utils/mock';
import DashboardPage from './dashboard.component';

const BRNO = 'gw-brno-01'; // plant-1 of the fixtures: battery and charger
const OLOMOUC = 'gw-olomouc-01'; // plant-2: PV only

async function renderDashboard() {
  render(
    <HelioProviders>
      <DashboardPage />
    </HelioProviders>,
  );
  await act(() => Promise.resolve());
}

const text = (testId: string) => screen.getByTestId(testId).textContent ?? '';
const nbsp = (s: string) => s.replace(/ /g, '\u00a0');

function emptyShadow(): Shadow {
  return {
    state: { reported: {}, desired: {}, delta: {} },
    metadata: { desired: {}, reported: {} },
    version: 0,
    timestamp: 0,
    hasDelta: false,
  };
}

beforeEach(() => {
  localStorage.clear();
  __setSignedIn();
  // today's power chart (its own test file) answers an empty day here
  const fallback = apiPost.getMockImplementation();
  apiPost.mockImplementation(async (path: string, body: unknown) =>
    path === 'metric/time-series' ? { rows: [] } : fallback?.(path, body),
  );
});

afterEach(async () => {
  jest.useRealTimers();
  await act(() => i18n.changeLanguage('cs'));
});

describe('the dashboard', () => {
  it('shows every tile of a plant with battery and charger, translated and formatted in Czech', async () => {
    __setShadow(BRNO, __fixtures.shadow());
    await renderDashboard();
    expect(text('dashboard-plant-name')).toBe('Brno – Líšeň');
    expect(within(screen.getByTestId('tile-pv')).getByText('Výkon FVE')).toBeTruthy();
    expect(text('tile-pv-value')).toBe(nbsp('3,2 kW'));
    expect(text('tile-load-value')).toBe(nbsp('1,55 kW'));
    expect(text('tile-grid-value')).toBe(nbsp('450 W'));
    expect(text('tile-grid-direction')).toBe('Dodávka do sítě');
    expect(text('tile-battery-value')).toBe(nbsp('1,2 kW'));
    expect(text('tile-battery-direction')).toBe('Nabíjení');
    expect(text('tile-battery-soc')).toBe(`Stav nabití ${nbsp('64 %')}`);
    expect(text('tile-ev-value')).toBe(nbsp('0 W'));
  });

  it('speaks English with en-US numbers after a language switch', async () => {
    __setShadow(BRNO, __fixtures.shadow({ ActPwrGrid: 2300 }));
    await renderDashboard();
    await act(() => i18n.changeLanguage('en'));
    expect(within(screen.getByTestId('tile-load')).getByText('House load')).toBeTruthy();
    expect(text('tile-pv-value')).toBe(nbsp('3.2 kW'));
    expect(text('tile-grid-direction')).toBe('Importing from the grid');
  });

  it('leaves out battery and charger tiles for a plant without them', async () => {
    __setShadow(OLOMOUC, __fixtures.shadow());
    await renderDashboard();
    act(() => setActivePlant(__fixtures.plants()[1]));
    expect(text('dashboard-plant-name')).toBe('Olomouc – Sady');
    expect(screen.getByTestId('tile-pv')).toBeTruthy();
    expect(screen.queryByTestId('tile-battery')).toBeNull();
    expect(screen.queryByTestId('tile-ev')).toBeNull();
  });

  it('follows live shadow updates without a reload', async () => {
    __setShadow(BRNO, __fixtures.shadow({}, new Date(2025, 0, 1, 10, 0, 0).getTime()));
    await renderDashboard();
    const reportedAt = () => within(screen.getByTestId('tile-pv')).getByTestId('reported-at').textContent;
    const before = reportedAt();
    act(() => __setShadow(BRNO, __fixtures.shadow({ ActPwrPve: 5100 }, new Date(2025, 0, 1, 10, 0, 7).getTime())));
    expect(text('tile-pv-value')).toBe(nbsp('5,1 kW'));
    expect(reportedAt()).not.toBe(before);
  });

  it('shows the time of the last report and tags it stale once it is older than 60 s', async () => {
    jest.useFakeTimers({ now: new Date(2025, 5, 10, 12, 0, 0) });
    __setShadow(BRNO, __fixtures.shadow());
    await renderDashboard();
    const pv = within(screen.getByTestId('tile-pv'));
    expect(pv.getByTestId('reported-at').textContent).toBe('12:00:00');
    expect(screen.queryByTestId('tile-pv-stale')).toBeNull();
    act(() => jest.advanceTimersByTime(55_000));
    expect(screen.queryByTestId('tile-pv-stale')).toBeNull();
    act(() => jest.advanceTimersByTime(10_000));
    expect(text('tile-pv-stale')).toBe('Zastaralé');
  });

  it('waits for the first report of a plant whose gateway has not reported', async () => {
    __setShadow(BRNO, emptyShadow());
    await renderDashboard();
    expect(text('dashboard-waiting')).toContain('Čekáme na první hlášení');
    expect(text('dashboard-waiting')).toContain('Brno – Líšeň');
    expect(screen.queryByTestId('tile-pv')).toBeNull();
  });

  it('shows an empty state when the tenant has no plant', async () => {
    __setPlants([]);
    await renderDashboard();
    expect(text('dashboard-no-plant')).toContain('Zatím žádná elektrárna');
    expect(screen.queryByTestId('dashboard-plant-name')).toBeNull();
  });

  it('spins while plants or the shadow load', async () => {
    __setPlants(undefined);
    await renderDashboard();
    expect(document.querySelector('.helio-plant-gate__spinner')).toBeTruthy();
    act(() => __setPlants(__fixtures.plants()));
    expect(document.querySelector('.helio-dashboard__spinner')).toBeTruthy();
    expect(screen.queryByTestId('tile-pv')).toBeNull();
  });

  it('offers a retry when the live data cannot be loaded', async () => {
    __setShadow(BRNO, new ApiError(500, 'InternalError', 'boom'));
    await renderDashboard();
    expect(text('error-panel')).toContain('Aktuální data se nepodařilo načíst');
    expect(within(screen.getByTestId('error-panel')).getByRole('button')).toBeTruthy();
  });

  it('retries loading the plants from the error panel', async () => {
    __setPlants(new ApiError(0, 'NetworkError', 'offline'));
    const refetch = jest.spyOn(queryClient, 'refetchQueries');
    await renderDashboard();
    expect(text('error-panel')).toContain('Elektrárny se nepodařilo načíst');
    fireEvent.click(within(screen.getByTestId('error-panel')).getByRole('button'));
    expect(refetch).toHaveBeenCalledWith({ queryKey: ['plant/list'] });
    refetch.mockRestore();
  });
});
