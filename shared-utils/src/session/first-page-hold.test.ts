// The live stream held for the landing page's plant is not held for good: a fresh tab (this file's
// own module registry) whose plant/active never answers.
import { fakeTokens, installFakeApi } from '../testing/fake-api';
import { LIVE_HOLD_MAX_MS, prefetchFirstPage } from './first-page-data';
import { setSessionState } from './session';
import { sessionFrom } from './token-claims';

jest.mock('single-spa', () => ({ navigateToUrl: jest.fn() }));
jest.mock('../i18n/i18n', () => ({ setLanguage: jest.fn(async () => undefined) }));

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

beforeEach(() => jest.useFakeTimers());
afterEach(() => jest.useRealTimers());

it('opens the stream for the alerts alone once the plant is LIVE_HOLD_MAX_MS late', async () => {
  const never = () => new Promise<never>(() => undefined);
  installFakeApi({ 'users/profile': never, 'users/info': never, 'plant/active': never });
  const session = sessionFrom(fakeTokens());
  setSessionState(session);
  prefetchFirstPage(session, { liveShadow: true });
  await jest.advanceTimersByTimeAsync(LIVE_HOLD_MAX_MS - 1);
  expect(mockLiveUrls).toEqual([]);
  // the hold ends, then the stream's settle (a 0 ms timer, run a millisecond later)
  await jest.advanceTimersByTimeAsync(2);
  expect(mockLiveUrls).toEqual(['/api/live?alerts=true']);
});
