import { fakeTokens, installFakeApi } from '../testing/fake-api';
import { ApiError } from './api-error';

jest.mock('single-spa', () => ({ navigateToUrl: jest.fn() }));

function load() {
  jest.resetModules();
  return {
    api: require('./api-client') as typeof import('./api-client'),
    ApiError: (require('./api-error') as typeof import('./api-error')).ApiError,
    client: require('../session/session-client') as typeof import('../session/session-client'),
    session: require('../session/session') as typeof import('../session/session'),
    navigateToUrl: (require('single-spa') as { navigateToUrl: jest.Mock }).navigateToUrl,
  };
}

const plants = [{ id: 'p1', name: 'Líšeň' }];

async function signedIn(handlers: Parameters<typeof installFakeApi>[0]) {
  const m = load();
  const fetchMock = installFakeApi({ 'auth/sign-in': () => ({ status: 200, body: fakeTokens() }), ...handlers });
  const session = await m.client.signIn('admin@helio.local', 'secret');
  return { m, fetchMock, session };
}

beforeEach(() => window.history.pushState(null, '', '/'));

describe('apiPost', () => {
  it('POSTs JSON to /api/<path> with the ID token as bearer and gives the answer', async () => {
    const { m, fetchMock, session } = await signedIn({ 'plant/list': () => ({ status: 200, body: plants }) });
    await expect(m.api.apiPost('plant/list', { id: 'tenant-1' })).resolves.toEqual(plants);
    const [url, init] = fetchMock.mock.calls.at(-1) as [string, RequestInit];
    expect(url).toBe('/api/plant/list');
    expect(init.method).toBe('POST');
    expect(init.body).toBe('{"id":"tenant-1"}');
    expect(init.headers).toMatchObject({ 'Content-Type': 'application/json', Authorization: `Bearer ${session.idToken}` });
  });

  it('turns the server error body into an ApiError with status, code, message and details', async () => {
    const details = [{ instancePath: '/id', message: 'must be string' }];
    const { m } = await signedIn({
      'plant/list': () => ({ status: 400, body: { error: { code: 'BadRequest', message: 'body/id must be string', details } } }),
    });
    const error = await m.api.apiPost('plant/list', { id: 'tenant-1' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(m.ApiError);
    expect(error).toMatchObject({ status: 400, code: 'BadRequest', message: 'body/id must be string', details });
  });

  it('reports an answer without an error body by its status', async () => {
    const { m } = await signedIn({ 'plant/list': () => ({ status: 502, body: '<html>Bad gateway</html>' }) });
    await expect(m.api.apiPost('plant/list', { id: 'tenant-1' })).rejects.toMatchObject({ status: 502, code: 'HttpError' });
  });

  it('reports an unreachable server as status 0 NetworkError', async () => {
    const { m } = await signedIn({ 'plant/list': () => 'network-error' });
    const error = await m.api.apiPost('plant/list', { id: 'tenant-1' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(m.ApiError);
    expect(error).toMatchObject({ status: 0, code: 'NetworkError' });
  });

  it('signs out and goes to /auth/sign-out when a call answers 401', async () => {
    const { m, fetchMock } = await signedIn({
      'iot/thing/shadow': () => ({ status: 401, body: { error: { code: 'Unauthorized', message: 'Token expired' } } }),
      'auth/sign-out': () => ({ status: 200, body: { ok: true } }),
    });
    window.history.pushState(null, '', '/batteries');
    await expect(m.api.apiPost('iot/thing/shadow', { thingName: 'gw-1' })).rejects.toMatchObject({ status: 401 });
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(m.session.getIdToken()).toBeNull();
    expect(fetchMock.mock.calls.map(([url]) => url)).toContain('/api/auth/sign-out');
    expect(m.navigateToUrl).toHaveBeenCalledWith('/auth/sign-out');
    expect(sessionStorage.getItem('helio.returnTo')).toBe('/batteries');
  });

  it('leaves the page alone when a call made before a sign-out answers 401 after it', async () => {
    // /auth/sign-out revokes the session while the shell's first calls are still out: their 401s
    // must not sign out again and take the page back to /auth/sign-out once it has moved on.
    let answer: (value: { status: number; body: unknown }) => void = () => undefined;
    const { m, fetchMock } = await signedIn({
      'users/info': () => new Promise((resolve) => (answer = resolve)),
      'auth/sign-out': () => ({ status: 200, body: { ok: true } }),
    });
    const call = m.api.apiPost('users/info', {}).catch((e: unknown) => e);
    await new Promise((resolve) => setTimeout(resolve, 0));
    await m.client.signOut();
    window.history.pushState(null, '', '/auth/sign-in');
    answer({ status: 401, body: { error: { code: 'Unauthorized', message: 'Session revoked' } } });
    await expect(call).resolves.toMatchObject({ status: 401 });
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(fetchMock.mock.calls.filter(([url]) => url === '/api/auth/sign-out')).toHaveLength(1);
    expect(m.navigateToUrl).not.toHaveBeenCalled();
  });

  it('does not sign out for a 401 of an auth call (wrong password)', async () => {
    const m = load();
    installFakeApi({
      'auth/sign-in': () => ({ status: 401, body: { error: { code: 'NotAuthorized', message: 'Incorrect username or password' } } }),
    });
    await expect(m.api.apiPost('auth/sign-in', { username: 'a@b.c', password: 'x' })).rejects.toMatchObject({
      code: 'NotAuthorized',
    });
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(m.navigateToUrl).not.toHaveBeenCalled();
  });

  it('sends the ID token with signed-in auth calls (sessions, change password)', async () => {
    const { m, fetchMock, session } = await signedIn({ 'auth/sessions/list': () => ({ status: 200, body: { sessions: [] } }) });
    await expect(m.api.apiPost('auth/sessions/list', {})).resolves.toEqual({ sessions: [] });
    const [, init] = fetchMock.mock.calls.at(-1) as [string, RequestInit];
    expect(init.headers).toMatchObject({ Authorization: `Bearer ${session.idToken}` });
  });

  it('passes a cancellation through as the abort, not as an unreachable server', async () => {
    const { m } = await signedIn({});
    const abortError = new DOMException('The operation was aborted.', 'AbortError');
    (globalThis as { fetch: unknown }).fetch = jest.fn(async () => {
      throw abortError;
    });
    const controller = new AbortController();
    controller.abort();
    await expect(m.api.apiPost('plant/list', { id: 't' }, { signal: controller.signal })).rejects.toBe(abortError);
  });

  it('renews a token that is about to expire before the call', async () => {
    const { m, fetchMock, session } = await signedIn({
      'auth/refresh': () => ({ status: 200, body: fakeTokens() }),
      'plant/list': () => ({ status: 200, body: plants }),
    });
    jest.spyOn(Date, 'now').mockReturnValue(session.expiresAt - 10_000);
    await m.api.apiPost('plant/list', { id: 'tenant-1' });
    jest.restoreAllMocks();
    const urls = fetchMock.mock.calls.map(([url]) => url);
    expect(urls.slice(-2)).toEqual(['/api/auth/refresh', '/api/plant/list']);
    const [, init] = fetchMock.mock.calls.at(-1) as [string, RequestInit];
    expect((init.headers as Record<string, string>).Authorization).not.toBe(`Bearer ${session.idToken}`);
  });
});

describe('ApiError', () => {
  it('is an Error with status, code and details', () => {
    const error = new ApiError(403, 'UserDisabled', 'User is disabled', { id: 1 });
    expect(error).toBeInstanceOf(Error);
    expect(error).toMatchObject({ name: 'ApiError', status: 403, code: 'UserDisabled', details: { id: 1 } });
  });
});
