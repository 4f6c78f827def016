import React from 'react';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { ApiError, HelioAppFrame } from '@helio/shared-utils';
import { __fixtures, __setCurrentUser, __setSignedIn, apiPost, downloadCsv } from '@helio/shared-utils/mock';
import { benchmark, overview, plantBenchmark } from './testing/analytics-fixtures';
import { Root } from './root.component';

const analyticsUser = () => ({ ...__fixtures.currentUser(), modules: ['monitoring', 'analytics'] });

beforeEach(() => {
  __setSignedIn();
  __setCurrentUser(analyticsUser());
  apiPost.mockImplementation((async (path: string) => {
    if (path === 'analytics/overview') return overview();
    if (path === 'analytics/benchmark') return benchmark();
    if (path === 'analytics/benchmark/plant') return plantBenchmark();
    if (path === 'tag/list') return { tags: [], colours: [] };
    throw new Error(`unexpected ${path}`);
  }) as unknown as typeof apiPost);
});

describe('the analytics app', () => {
  it('shows the figures of /analytics, each explaining how it was computed', async () => {
    window.history.pushState({}, '', '/analytics');
    render(
      <HelioAppFrame>
        <Root />
      </HelioAppFrame>,
    );
    expect((await screen.findByTestId('figure-produced-value')).textContent).toBe('3\u00a0000\u00a0kWh');
    expect(screen.getByTestId('figure-selfConsumption-value').textContent).toBe('30\u00a0%');
    expect(screen.getByTestId('figure-money-value').textContent).toBe('4\u00a0321\u00a0Kč');
    fireEvent.click(screen.getByTestId('explain-co2-button'));
    expect((await screen.findByTestId('explain-co2')).textContent).toContain('0.45');
    expect(screen.getByTestId('top-plants').textContent).toContain('Brno');
    expect(screen.getByTestId('pr-method').textContent).toContain('Meinel');
    expect(apiPost).toHaveBeenCalledWith(
      'analytics/overview',
      { period: { kind: 'month', from: expect.stringMatching(/^\d{4}-\d{2}-01$/) } },
      expect.anything(),
    );
  }, 20_000); // the first test also compiles the lazy pages

  it('ranks the plants on /analytics/benchmark and exports them as CSV', async () => {
    window.history.pushState({}, '', '/analytics/benchmark');
    render(
      <HelioAppFrame>
        <Root />
      </HelioAppFrame>,
    );
    const rows = await screen.findAllByTestId('benchmark-row');
    expect(rows.map((row) => row.getAttribute('data-plant'))).toEqual(['Brno', 'Plzeň']);
    expect(screen.getByTestId('benchmark-quartiles').textContent).toContain('100\u00a0kWh/kWp');
    fireEvent.click(screen.getByTestId('benchmark-export'));
    expect(downloadCsv).toHaveBeenCalledWith(
      'benchmark_specificYield_2025-06-01_2025-06-30.csv',
      expect.stringContaining('1,1,Brno,small'),
    );
  });

  it('shows a plant against its peers with what pulls it down', async () => {
    window.history.pushState({}, '', '/analytics/benchmark/plant/plant-1');
    render(
      <HelioAppFrame>
        <Root />
      </HelioAppFrame>,
    );
    expect((await screen.findByTestId('plant-rank')).textContent).toContain('2.');
    expect(screen.getByTestId('drag-curtailment').textContent).toContain('42');
    expect(apiPost).toHaveBeenCalledWith(
      'analytics/benchmark/plant',
      expect.objectContaining({ plantId: 'plant-1', metric: 'specificYield' }),
      expect.anything(),
    );
  });

  it('says a plant it cannot see is not found', async () => {
    apiPost.mockImplementation((async () => {
      throw new ApiError(404, 'NotFound', 'Plant not found');
    }) as unknown as typeof apiPost);
    window.history.pushState({}, '', '/analytics/benchmark/plant/elsewhere');
    render(
      <HelioAppFrame>
        <Root />
      </HelioAppFrame>,
    );
    expect(await screen.findByText('Elektrárna nebyla nalezena')).toBeTruthy();
  });

  it('shows the module no-access page to a user without analytics, and calls nothing', async () => {
    __setCurrentUser({ ...__fixtures.currentUser(), modules: ['monitoring'] });
    window.history.pushState({}, '', '/analytics');
    render(
      <HelioAppFrame>
        <Root />
      </HelioAppFrame>,
    );
    expect(await screen.findByTestId('module-no-access')).toBeTruthy();
    expect(apiPost).not.toHaveBeenCalledWith('analytics/overview', expect.anything(), expect.anything());
  });

  it('renders nothing on routes of other apps', async () => {
    window.history.pushState({}, '', '/statistics');
    const { container } = render(
      <HelioAppFrame>
        <Root />
      </HelioAppFrame>,
    );
    await act(() => new Promise((resolve) => setTimeout(resolve, 0)));
    expect(container.textContent).toBe('');
  });
});
