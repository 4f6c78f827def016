import { waitFor } from '@testing-library/react';
import { queryClient } from '../query/query-client';
import { USERS_ME_KEY } from '../current-user/current-user';
import { resetActivePlant } from '../plants/active-plant';
import { shadowKey } from '../shadow/use-shadow';
import { fakeTokens, installFakeApi, type FakeAnswer } from '../testing/fake-api';
import { prefetchFirstPage } from './first-page-data';
import { setSessionState } from './session';
import { sessionFrom } from './token-claims';

jest.mock('single-spa', () => ({ navigateToUrl: jest.fn() }));
jest.mock('../i18n/i18n', () => ({ setLanguage: jest.fn(async () => undefined) }));

// The tab's live stream over a fetch that records the URLs it opens (and never answers).
const mockLiveUrls: string[] = [];
jest.mock('../shadow/live-connection', () => {
  const { createLiveStream } = jest.requireActual('../shadow/live-stream');
  const { of } = jest.requireActual('rxjs');
  const stream = createLiveStream({
    fetch: (url: string) => (mockLiveUrls.push(url), new Promise(() => undefined)),
    token$: of('token-1'),
    settleMs: 0,
  });
  return { live: () => stream };
});

const PLANT = {
  id: 'p1',
  name: 'Brno',
  thingName: 'gw-p1',
  location: 'Brno',
  latitude: 49.2,
  longitude: 16.6,
  timezone: 'Europe/Prague',
  pvPeakKw: 10,
  batteryKwh: null,
  chargerKw: null,
};
const SHADOW = {
  state: { reported: { ActPwrPve: 4000 }, desired: {}, delta: {} },
  metadata: { reported: {}, desired: {} },
  version: 3,
  timestamp: 1,
  hasDelta: false,
};

/** Every call waits until the test answers it, so what is asked before any answer is seen. */
function holdingApi() {
  const asked: string[] = [];
  const answers = new Map<string, (answer: FakeAnswer) => void>();
  const held = (path: string) => () => {
    asked.push(path);
    return new Promise<FakeAnswer>((resolve) => answers.set(path, resolve));
  };
  installFakeApi({
    'users/profile': held('users/profile'),
    'users/info': held('users/info'),
    'plant/active': held('plant/active'),
    'iot/thing/shadow': held('iot/thing/shadow'),
  });
  const answer = (path: string, body: unknown) => answers.get(path)?.({ status: 200, body });
  return { asked, answer };
}

const session = () => {
  const started = sessionFrom(fakeTokens());
  setSessionState(started);
  return started;
};

beforeEach(() => {
  queryClient.clear();
  resetActivePlant();
  localStorage.clear();
  mockLiveUrls.length = 0;
});

describe('the first page’s data, asked for when the session starts', () => {
  it('asks for the user and the active plant together, then the plant’s shadow, and opens one stream with the plant and the alerts', async () => {
    const { asked, answer } = holdingApi();
    localStorage.setItem('site', 'p1');
    prefetchFirstPage(session(), { liveShadow: true });
    // nothing answered yet: the plant does not wait for the user (the tenant is in the token)
    await waitFor(() => expect([...asked].sort()).toEqual(['plant/active', 'users/info', 'users/profile']));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(mockLiveUrls).toEqual([]); // the stream waits for the plant rather than opening for the alerts alone

    answer('plant/active', { plant: PLANT });
    await waitFor(() => expect(asked).toContain('iot/thing/shadow'));
    await waitFor(() => expect(mockLiveUrls).toEqual(['/api/live?things=gw-p1&alerts=true']));
    answer('iot/thing/shadow', SHADOW);
    await waitFor(() => expect(queryClient.getQueryData(shadowKey('gw-p1'))).toEqual(SHADOW));
    expect(queryClient.getQueryData(['plant/list', 'tenant-1', 'active', 'p1'])).toEqual(PLANT);
    expect(mockLiveUrls).toHaveLength(1);
  });

  it('asks for the user and the plant only, on a page that does not show the plant live', async () => {
    const { asked, answer } = holdingApi();
    prefetchFirstPage(session(), { liveShadow: false });
    await waitFor(() => expect([...asked].sort()).toEqual(['plant/active', 'users/info', 'users/profile']));
    answer('users/profile', { locale: 'cs', preferences: {} });
    answer('users/info', { sub: 'user-1', tenant: { id: 'tenant-1', name: 'Helio Demo' } });
    answer('plant/active', { plant: PLANT });
    await waitFor(() => expect(queryClient.getQueryData(USERS_ME_KEY)).toMatchObject({ locale: 'cs', sub: 'user-1' }));
    await waitFor(() => expect(queryClient.getQueryData(['plant/list', 'tenant-1', 'active', null])).toEqual(PLANT));
    expect(asked).not.toContain('iot/thing/shadow');
    expect(mockLiveUrls).toEqual([]);
  });
});
