import fs from 'fs';
import path from 'path';
import { fakeTokens, installFakeApi } from '../testing/fake-api';

jest.mock('single-spa', () => ({ navigateToUrl: jest.fn() }));

const INDEX_HTML = path.join(__dirname, '..', '..', '..', 'root-config', 'index.html');

/** index.html's inline script that sends the early refresh, run as the page runs it. */
function runIndexHtmlEarlyRefresh(): void {
  const html = fs.readFileSync(INDEX_HTML, 'utf8');
  const script = [...html.matchAll(/<script>([\s\S]*?)<\/script>/g)].map((m) => m[1]).find((body) => body.includes('helioEarlyRefresh'));
  if (!script) throw new Error('index.html has no early refresh script');
  window.eval(script);
}

function load() {
  jest.resetModules();
  return {
    client: require('./session-client') as typeof import('./session-client'),
    session: require('./session') as typeof import('./session'),
  };
}

beforeEach(() => {
  localStorage.clear();
  delete window.helioEarlyRefresh;
});

describe('the refresh index.html sends before the shell loads', () => {
  it('is adopted by the session client: a signed-in reload asks auth/refresh once, before the client runs', async () => {
    const tokens = fakeTokens({ email: 'operator@helio.local' });
    // the shell's modules are loaded first here (loading them resets the fetch stub's record); the
    // request is taken when restoreSession runs, as in the page
    const m = load();
    const fetchMock = installFakeApi({ 'auth/refresh': () => ({ status: 200, body: tokens }) });
    localStorage.setItem('helio.signedIn', '1');
    runIndexHtmlEarlyRefresh();
    expect(fetchMock.mock.calls.map(([url]) => url)).toEqual(['/api/auth/refresh']);
    expect(m.client.SIGNED_IN_MARK_KEY).toBe('helio.signedIn'); // the key the inline script reads
    const session = await m.client.restoreSession();
    expect(session?.idToken).toBe(tokens.idToken);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(window.helioEarlyRefresh).toBeUndefined();
  });

  it('is not sent by a browser that holds no session mark, and the client then asks nothing either', async () => {
    const m = load();
    const fetchMock = installFakeApi({ 'auth/refresh': () => ({ status: 200, body: fakeTokens() }) });
    runIndexHtmlEarlyRefresh();
    await expect(m.client.restoreSession()).resolves.toBeNull();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('answering 401 ends the restore signed out and unmarked, as the client’s own refresh would', async () => {
    installFakeApi({ 'auth/refresh': () => ({ status: 401, body: { error: { code: 'Unauthorized', message: 'expired' } } }) });
    localStorage.setItem('helio.signedIn', '1');
    runIndexHtmlEarlyRefresh();
    const m = load();
    await expect(m.client.restoreSession()).resolves.toBeNull();
    expect(m.session.getIdToken()).toBeNull();
    expect(localStorage.getItem('helio.signedIn')).toBeNull();
  });

  it('is taken once: a later restore (after a sign-out) asks the server again', async () => {
    const m = load();
    const fetchMock = installFakeApi({ 'auth/refresh': () => ({ status: 200, body: fakeTokens() }) });
    localStorage.setItem('helio.signedIn', '1');
    runIndexHtmlEarlyRefresh();
    await m.client.restoreSession();
    await m.client.restoreSession({ justSignedIn: true });
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });
});
