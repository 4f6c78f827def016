import { fakeTokens, installFakeApi } from '../testing/fake-api';
import type { Session } from './session';

jest.mock('single-spa', () => ({ navigateToUrl: jest.fn() }));

/** Fresh module state (session, timers, query cache) for every test. */
function load() {
  jest.resetModules();
  return {
    client: require('./session-client') as typeof import('./session-client'),
    session: require('./session') as typeof import('./session'),
    query: require('../query/query-client') as typeof import('../query/query-client'),
    navigateToUrl: (require('single-spa') as { navigateToUrl: jest.Mock }).navigateToUrl,
  };
}

const ok = (body: unknown) => () => ({ status: 200, body });
const unauthorized = () => ({ status: 401, body: { error: { code: 'Unauthorized', message: 'Refresh token expired' } } });

function record(m: ReturnType<typeof load>) {
  const states: Array<Session | null | undefined> = [];
  m.session.session$.subscribe((s) => states.push(s));
  return states;
}

beforeEach(() => {
  jest.useFakeTimers();
  localStorage.clear();
  sessionStorage.clear();
  window.history.pushState(null, '', '/');
});
afterEach(() => {
  jest.useRealTimers();
  jest.restoreAllMocks();
});

describe('the session a sign-in answered', () => {
  it('starts from the answer’s tokens without asking auth/refresh, marks the browser and refreshes on schedule', async () => {
    const m = load();
    const fetchMock = installFakeApi({ 'auth/refresh': ok(fakeTokens()) });
    const states = record(m);
    const tokens = fakeTokens();
    const session = m.client.startSignedInSession(tokens);
    expect(session.idToken).toBe(tokens.idToken);
    expect(states.at(-1)).toBe(session);
    expect(localStorage.getItem(m.client.SIGNED_IN_MARK_KEY)).toBe('1');
    expect(fetchMock).not.toHaveBeenCalled();
    await jest.advanceTimersByTimeAsync(m.client.TOKEN_REFRESH_MS);
    expect(fetchMock.mock.calls.map(([url]) => url)).toEqual(['/api/auth/refresh']);
  });

  it('is refused in a browser that keeps no cookies: the session would end at its first refresh', () => {
    const m = load();
    jest.spyOn(navigator, 'cookieEnabled', 'get').mockReturnValue(false);
    const states = record(m);
    expect(() => m.client.startSignedInSession(fakeTokens())).toThrow(/cookies are allowed/);
    expect(states.some((s) => !!s)).toBe(false);
  });
});

describe('token refresh', () => {
  it('refreshes the tokens every 300000 ms after sign-in', async () => {
    const m = load();
    let refreshes = 0;
    installFakeApi({
      'auth/sign-in': ok(fakeTokens()),
      'auth/refresh': () => {
        refreshes++;
        return { status: 200, body: fakeTokens() };
      },
    });
    const session = await m.client.signIn('admin@helio.local', 'secret');
    expect(m.client.TOKEN_REFRESH_MS).toBe(300000);

    await jest.advanceTimersByTimeAsync(299_999);
    expect(refreshes).toBe(0);
    await jest.advanceTimersByTimeAsync(1);
    expect(refreshes).toBe(1);
    expect(m.session.getIdToken()).not.toBe(session.idToken);
    await jest.advanceTimersByTimeAsync(300_000);
    expect(refreshes).toBe(2);
  });

  it('on failure logs exactly "Failed to refresh token", signs out, then navigates to /auth/sign-out', async () => {
    const m = load();
    window.history.pushState(null, '', '/statistics');
    const errorLog = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const fetchMock = installFakeApi({
      'auth/sign-in': ok(fakeTokens()),
      'auth/refresh': unauthorized,
      'auth/sign-out': ok({ ok: true }),
    });
    await m.client.signIn('admin@helio.local', 'secret');
    const states = record(m);
    const sessionWhenNavigating: Array<Session | null | undefined> = [];
    m.navigateToUrl.mockImplementation(() => sessionWhenNavigating.push(states.at(-1)));

    await jest.advanceTimersByTimeAsync(300_000);

    expect(errorLog.mock.calls).toEqual([['Failed to refresh token']]);
    expect(fetchMock.mock.calls.map(([url]) => url)).toContain('/api/auth/sign-out');
    expect(states.at(-1)).toBeNull();
    expect(m.navigateToUrl.mock.calls).toEqual([['/auth/sign-out']]);
    expect(sessionWhenNavigating).toEqual([null]);
    expect(sessionStorage.getItem('helio.returnTo')).toBe('/statistics');

    await jest.advanceTimersByTimeAsync(900_000);
    expect(fetchMock.mock.calls.filter(([url]) => url === '/api/auth/refresh')).toHaveLength(1);
  });
});

describe('restoreSession', () => {
  it('does not ask for a refresh in a browser that holds no session (no 401 on the sign-in page)', async () => {
    const m = load();
    const fetchMock = installFakeApi({ 'auth/refresh': unauthorized });
    const states = record(m);
    await expect(m.client.restoreSession()).resolves.toBeNull();
    expect(fetchMock).not.toHaveBeenCalled();
    expect(states).toEqual([undefined, null]);
  });

  it('asks right after a sign-in that set the cookie, though the browser holds no mark yet', async () => {
    const m = load();
    const fetchMock = installFakeApi({ 'auth/refresh': ok(fakeTokens()) });
    await expect(m.client.restoreSession({ justSignedIn: true })).resolves.not.toBeNull();
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(localStorage.getItem(m.client.SIGNED_IN_MARK_KEY)).toBe('1');
  });

  it('marks the browser at sign-in and unmarks it at sign-out, so the next visit knows whether to ask', async () => {
    const m = load();
    installFakeApi({ 'auth/sign-in': ok(fakeTokens()), 'auth/sign-out': ok({ ok: true }) });
    await m.client.signIn('operator@helio.local', 'secret');
    expect(localStorage.getItem(m.client.SIGNED_IN_MARK_KEY)).toBe('1');
    await m.client.signOut();
    expect(localStorage.getItem(m.client.SIGNED_IN_MARK_KEY)).toBeNull();
  });

  it('restores the session from the refresh cookie with one call however often it is asked', async () => {
    const m = load();
    localStorage.setItem(m.client.SIGNED_IN_MARK_KEY, '1');
    const fetchMock = installFakeApi({ 'auth/refresh': ok(fakeTokens({ email: 'operator@helio.local' })) });
    const states = record(m);
    const [a, b] = await Promise.all([m.client.restoreSession(), m.client.restoreSession()]);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(a).toBe(b);
    expect(a?.claims).toEqual({ sub: 'user-1', email: 'operator@helio.local', tenantId: 'tenant-1' });
    expect(states).toEqual([undefined, a]);
  });

  it('emits null when the marked session is gone (the cookie expired), without logging an error, and unmarks', async () => {
    const m = load();
    localStorage.setItem(m.client.SIGNED_IN_MARK_KEY, '1');
    const errorLog = jest.spyOn(console, 'error');
    installFakeApi({ 'auth/refresh': unauthorized });
    const states = record(m);
    await expect(m.client.restoreSession()).resolves.toBeNull();
    expect(states).toEqual([undefined, null]);
    expect(errorLog).not.toHaveBeenCalled();
    expect(localStorage.getItem(m.client.SIGNED_IN_MARK_KEY)).toBeNull();
  });

  it('loses to a sign-out that happens while it is under way', async () => {
    const m = load();
    localStorage.setItem(m.client.SIGNED_IN_MARK_KEY, '1');
    let answerRefresh: (value: { status: number; body: unknown }) => void = () => undefined;
    installFakeApi({
      'auth/refresh': () => new Promise((resolve) => (answerRefresh = resolve)),
      'auth/sign-out': ok({ ok: true }),
    });
    const restoring = m.client.restoreSession();
    await m.client.signOut();
    answerRefresh({ status: 200, body: fakeTokens() });
    await expect(restoring).resolves.toBeNull();
    expect(m.session.getIdToken()).toBeNull();
  });
});

describe('signIn', () => {
  it('posts the credentials and rejects with the server error', async () => {
    const m = load();
    const fetchMock = installFakeApi({
      'auth/sign-in': () => ({
        status: 401,
        body: { error: { code: 'NotAuthorized', message: 'Incorrect username or password' } },
      }),
    });
    await expect(m.client.signIn('admin@helio.local', 'wrong')).rejects.toMatchObject({
      status: 401,
      code: 'NotAuthorized',
      message: 'Incorrect username or password',
    });
    expect(JSON.parse(String(fetchMock.mock.calls[0][1]?.body))).toEqual({ username: 'admin@helio.local', password: 'wrong' });
    expect(m.session.getIdToken()).toBeNull();
  });
});

describe('completeNewPassword', () => {
  it('answers the challenge and starts the session with the tokens it gets', async () => {
    const m = load();
    const fetchMock = installFakeApi({ 'auth/complete-new-password': ok(fakeTokens()) });
    const session = await m.client.completeNewPassword('challenge-1', 'Nove-heslo-2026!');
    expect(JSON.parse(String(fetchMock.mock.calls[0][1]?.body))).toEqual({
      session: 'challenge-1',
      newPassword: 'Nove-heslo-2026!',
    });
    expect(m.session.getIdToken()).toBe(session.idToken);
  });

  it('rejects with the server error and stays signed out', async () => {
    const m = load();
    installFakeApi({
      'auth/complete-new-password': () => ({
        status: 401,
        body: { error: { code: 'NotAuthorized', message: 'The sign-in session has expired; sign in again' } },
      }),
    });
    await expect(m.client.completeNewPassword('old', 'Nove-heslo-2026!')).rejects.toMatchObject({ status: 401 });
    expect(m.session.getIdToken()).toBeNull();
  });
});

describe('signOut', () => {
  it('clears the query cache and the browser storage except the site, the returnTo and dev overrides', async () => {
    const m = load();
    installFakeApi({ 'auth/sign-in': ok(fakeTokens()), 'auth/sign-out': ok({ ok: true }) });
    await m.client.signIn('admin@helio.local', 'secret');
    m.query.queryClient.setQueryData(['users', 'me'], { email: 'admin@helio.local' });
    localStorage.setItem('site', 'plant-2');
    localStorage.setItem('helio.dashboard.layout', 'compact');
    localStorage.setItem('import-map-override:@helio/nav-app', 'http://localhost:9101/helio-nav-app.js');
    sessionStorage.setItem('helio.returnTo', '/logs');
    sessionStorage.setItem('helio.draft', '{}');

    await m.client.signOut();

    expect(m.query.queryClient.getQueryData(['users', 'me'])).toBeUndefined();
    expect(Object.keys(localStorage).sort()).toEqual(['import-map-override:@helio/nav-app', 'site']);
    expect(Object.keys(sessionStorage)).toEqual(['helio.returnTo']);
    expect(m.session.getIdToken()).toBeNull();
  });

  it('signs out locally when the server cannot be reached, and stops the refresh timer', async () => {
    const m = load();
    const fetchMock = installFakeApi({ 'auth/sign-in': ok(fakeTokens()), 'auth/sign-out': () => 'network-error' });
    await m.client.signIn('admin@helio.local', 'secret');
    const states = record(m);
    await expect(m.client.signOut()).resolves.toBeUndefined();
    expect(states.at(-1)).toBeNull();
    await jest.advanceTimersByTimeAsync(600_000);
    expect(fetchMock.mock.calls.map(([url]) => url)).not.toContain('/api/auth/refresh');
  });
});
