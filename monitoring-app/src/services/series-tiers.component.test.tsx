import React from 'react';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import type { SeriesTiersAnswer, SeriesTierView } from '@helio/contracts';
import { ApiError, HelioProviders } from '@helio/shared-utils';
import { __fixtures, __setCurrentUser, __setSignedIn, apiPost } from '@helio/shared-utils/mock';
import { SeriesTiersCard } from './series-tiers.component';

const tier = (over: Partial<SeriesTierView> & Pick<SeriesTierView, 'tier'>): SeriesTierView => ({
  retentionDays: 90,
  defaultDays: 90,
  custom: false,
  rows: 1000,
  bytes: 2_500_000,
  oldest: '2026-11-20T00:00:00.000Z',
  newest: '2026-11-28T17:00:00.000Z',
  measuredAt: '2026-11-28T17:00:00.000Z',
  ...over,
});
const answer = (days: Partial<Record<SeriesTierView['tier'], number>> = {}): SeriesTiersAnswer => ({
  tiers: (['raw', '1m', '15m', '1h', '1d'] as const).map((t) =>
    tier({ tier: t, retentionDays: days[t] ?? (t === '1h' || t === '1d' ? 3650 : 90), custom: days[t] !== undefined }),
  ),
});

function renderCard() {
  render(
    <HelioProviders>
      <SeriesTiersCard />
    </HelioProviders>,
  );
}

beforeEach(() => {
  __setSignedIn();
  __setCurrentUser({ ...__fixtures.currentUser(), permissions: [...__fixtures.currentUser().permissions, 'series:manage'] });
});

describe('the retention tiers on /services', () => {
  it('shows each tier’s age, rows and size, and saves a tier’s new age', async () => {
    apiPost.mockImplementation(async (path: string, body: unknown) => {
      if (path === 'series/tiers') return answer();
      if (path === 'series/tiers/set') return answer({ '15m': (body as { retentionDays: number }).retentionDays });
      throw new Error(`unexpected ${path}`);
    });
    renderCard();
    expect((await screen.findByTestId('tier-rows-raw')).textContent).toBe('1\u00a0000');
    expect(screen.getByTestId('tier-bytes-raw').textContent).toMatch(/^2,5\sMB$/);
    expect(screen.getByTestId('tier-raw').textContent).toMatch(/^Surové vzorky/);
    fireEvent.change(screen.getByTestId('tier-days-15m'), { target: { value: '365' } });
    fireEvent.click(screen.getAllByRole('button', { name: 'Uložit' })[2]!);
    await waitFor(() => expect(apiPost).toHaveBeenCalledWith('series/tiers/set', { tier: '15m', retentionDays: 365 }));
    expect((await screen.findByText('Výchozí hodnota serveru: 90 dní')).closest('tr')?.dataset.testid).toBe('tier-15m');
  });

  it('says before asking when a coarser tier would be kept shorter than a finer one, and does not ask', async () => {
    apiPost.mockImplementation(async (path: string) => {
      if (path === 'series/tiers') return answer();
      if (path === 'series/tiers/set') {
        throw new ApiError(400, 'TierOrder', 'refused', { finer: 'raw', coarser: '1m', finerDays: 95, coarserDays: 90 });
      }
      throw new Error(`unexpected ${path}`);
    });
    renderCard();
    fireEvent.change(await screen.findByTestId('tier-days-1m'), { target: { value: '30' } });
    expect((await screen.findByRole('alert')).textContent).toBe('Minutové intervaly nelze uchovávat kratší dobu než Surové vzorky.');
    expect(screen.getAllByRole('button', { name: 'Uložit' })[1]!.hasAttribute('disabled')).toBe(true);
    fireEvent.change(screen.getByTestId('tier-days-1m'), { target: { value: '90' } });
    fireEvent.change(screen.getByTestId('tier-days-raw'), { target: { value: '95' } });
    expect(screen.queryByRole('alert')?.textContent).toMatch(/^Minutové intervaly nelze/);
  });

  it('is not shown to whoever may not set the tiers', async () => {
    __setSignedIn();
    apiPost.mockImplementation(async (path: string) => {
      throw new Error(`unexpected ${path}`);
    });
    renderCard();
    await waitFor(() => expect(screen.queryByTestId('series-tiers')).toBeNull());
    expect(apiPost).not.toHaveBeenCalled();
  });
});
