import type { ReactNode } from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import { setLanguage } from '../i18n/i18n';
import type { Plant, Shadow } from '../api/endpoints';
import { useCurrentUser } from '../current-user/current-user';
import { queryClient } from '../query/query-client';
import { signIn } from '../session/session-client';
import { storeLiveShadow } from '../shadow/use-shadow';
import { fakeTokens, installFakeApi } from '../testing/fake-api';
import { activePlant$, resetActivePlant, setActivePlant } from './active-plant';
import { useActivePlant } from './use-plants';

jest.mock('single-spa', () => ({ navigateToUrl: jest.fn() }));
// the real instance would load translations over HTTP; here only the language switch matters
jest.mock('../i18n/i18n', () => ({ setLanguage: jest.fn(async () => undefined) }));

const plant = (id: string, name: string): Plant => ({
  id,
  name,
  thingName: `gw-${id}`,
  location: 'Brno',
  latitude: 49.2,
  longitude: 16.6,
  timezone: 'Europe/Prague',
  pvPeakKw: 10,
  batteryKwh: null,
  chargerKw: null,
});
const PLANTS = [plant('p1', 'Brno'), plant('p2', 'Olomouc')];

const info = {
  sub: 'user-1',
  email: 'admin@helio.local',
  name: 'Jana',
  family_name: 'Nováková',
  picture: null,
  tenant: { id: 'tenant-1', name: 'Helio Demo' },
  modules: ['monitoring'],
  role: 'owner',
};

let activeBodies: unknown[] = [];

function serve(locale: 'cs' | 'en' = 'cs') {
  activeBodies = [];
  return installFakeApi({
    'auth/sign-in': () => ({ status: 200, body: fakeTokens() }),
    'users/profile': () => ({ status: 200, body: { locale, preferences: { theme: 'light' } } }),
    'users/info': () => ({ status: 200, body: info }),
    'plant/list': () => ({ status: 200, body: PLANTS }),
    // As the server: the stored plant while it exists, else the first one.
    'plant/active': (body) => {
      activeBodies.push(body);
      const { plantId } = body as { plantId?: string };
      return { status: 200, body: { plant: PLANTS.find((p) => p.id === plantId) ?? PLANTS[0] } };
    },
  });
}

const wrapper = ({ children }: { children?: ReactNode }) => <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>;

const currentActive = () => {
  let value: Plant | null = null;
  activePlant$.subscribe((p) => (value = p)).unsubscribe();
  return value as Plant | null;
};

beforeEach(() => {
  queryClient.clear();
  resetActivePlant();
  localStorage.clear();
});

describe('useCurrentUser', () => {
  it('waits for a session, then merges users/info with users/profile and sets the profile language', async () => {
    const fetchMock = serve('en');
    const { result } = renderHook(() => useCurrentUser(), { wrapper });
    expect(result.current.fetchStatus).toBe('idle');
    expect(fetchMock).not.toHaveBeenCalled();

    await act(() => signIn('admin@helio.local', 'secret').then(() => undefined));
    await waitFor(() => expect(result.current.isSuccess).toBe(true));
    expect(result.current.data).toEqual({ ...info, locale: 'en', preferences: { theme: 'light' } });
    await waitFor(() => expect(setLanguage).toHaveBeenCalledWith('en'));
  });
});

describe('useActivePlant', () => {
  beforeAll(async () => {
    serve();
    await signIn('admin@helio.local', 'secret');
  });

  it('asks the server for the stored plant alone, not the whole list, and keeps it active', async () => {
    const fetchMock = serve();
    localStorage.setItem('site', 'p2');
    const { result } = renderHook(() => useActivePlant(), { wrapper });
    expect(result.current).toMatchObject({ plant: null, isLoading: true, error: null });
    await waitFor(() => expect(result.current.isLoading).toBe(false));
    expect(activeBodies).toEqual([{ id: 'tenant-1', plantId: 'p2' }]);
    expect(result.current.plant).toEqual(PLANTS[1]);
    await waitFor(() => expect(currentActive()).toEqual(PLANTS[1]));
    expect(fetchMock.mock.calls.map(([url]) => url)).not.toContain('/api/plant/list');
  });

  it('falls back to the first plant when the stored one no longer exists', async () => {
    serve();
    localStorage.setItem('site', 'deleted-plant');
    const { result } = renderHook(() => useActivePlant(), { wrapper });
    await waitFor(() => expect(result.current.plant).toEqual(PLANTS[0]));
    await waitFor(() => expect(localStorage.getItem('site')).toBe('p1'));
  });

  it('shows a plant chosen in the console at once, while the server confirms it', async () => {
    serve();
    localStorage.setItem('site', 'p1');
    const { result } = renderHook(() => useActivePlant(), { wrapper });
    await waitFor(() => expect(result.current.plant).toEqual(PLANTS[0]));
    act(() => setActivePlant(PLANTS[1] as Plant));
    expect(result.current.plant).toEqual(PLANTS[1]);
    await waitFor(() => expect(activeBodies).toContainEqual({ id: 'tenant-1', plantId: 'p2' }));
    expect(result.current).toMatchObject({ plant: PLANTS[1], isLoading: false });
  });

  it('asks once for the nav and the page: a gate mounting after the answer reads the cache', async () => {
    serve();
    localStorage.setItem('site', 'p2');
    const nav = renderHook(() => useActivePlant(), { wrapper });
    await waitFor(() => expect(nav.result.current.plant).toEqual(PLANTS[1]));
    const page = renderHook(() => useActivePlant(), { wrapper });
    expect(page.result.current.plant).toEqual(PLANTS[1]);
    await act(() => new Promise((resolve) => setTimeout(resolve, 20)));
    expect(activeBodies).toEqual([{ id: 'tenant-1', plantId: 'p2' }]);
  });

  it('asks without a plant when none is stored, and gets the first', async () => {
    serve();
    const { result } = renderHook(() => useActivePlant(), { wrapper });
    await waitFor(() => expect(result.current.plant).toEqual(PLANTS[0]));
    expect(activeBodies[0]).toEqual({ id: 'tenant-1' });
  });

  it('does not ask again once the answer made its plant the active one (the key then names it)', async () => {
    serve();
    const { result } = renderHook(() => useActivePlant(), { wrapper });
    await waitFor(() => expect(currentActive()).toEqual(PLANTS[0]));
    await act(() => new Promise((resolve) => setTimeout(resolve, 20)));
    expect(result.current.plant).toEqual(PLANTS[0]);
    expect(activeBodies).toEqual([{ id: 'tenant-1' }]);
  });
});

describe('live shadow updates', () => {
  const shadow = (version: number): Shadow => ({
    state: { reported: { ActPwrPve: version }, desired: {}, delta: {} },
    metadata: { desired: {}, reported: {} },
    version,
    timestamp: version,
    hasDelta: false,
  });

  it('write into the shadow cache entry unless the cache holds a newer version', () => {
    storeLiveShadow({ thingName: 'gw-1', ...shadow(5) });
    expect(queryClient.getQueryData(['shadow', 'gw-1'])).toEqual(shadow(5));
    storeLiveShadow({ thingName: 'gw-1', ...shadow(4) });
    expect(queryClient.getQueryData(['shadow', 'gw-1'])).toEqual(shadow(5));
    storeLiveShadow({ thingName: 'gw-1', ...shadow(6) });
    expect(queryClient.getQueryData(['shadow', 'gw-1'])).toEqual(shadow(6));
  });
});
